// The lazily loaded part of the celebration (its own webpack chunk): canvas-confetti bursts.
import confetti from 'canvas-confetti';

export function playConfetti(): void {
  const base = { disableForReducedMotion: true, zIndex: 10_000 };
  // confetti() resolves when a burst ends; nothing waits for it.
  const burst = (options: confetti.Options) => void confetti({ ...base, ...options });
  burst({ particleCount: 120, spread: 70, origin: { y: 0.6 } });
  setTimeout(() => burst({ particleCount: 60, angle: 60, spread: 55, origin: { x: 0 } }), 250);
  setTimeout(() => burst({ particleCount: 60, angle: 120, spread: 55, origin: { x: 1 } }), 400);
}
