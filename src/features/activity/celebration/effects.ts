// The lazily loaded part of the celebration (its own webpack chunk): canvas-confetti bursts on a canvas of our own,
// drawn on the page's main thread. canvas-confetti's default instance hands its canvas to a blob: worker, which our
// CSP (script-src 'self', no worker-src) refuses — and the canvas, already transferred, then never draws.
import confetti from 'canvas-confetti';

let fire: confetti.CreateTypes | null = null;

function confettiOnOwnCanvas(): confetti.CreateTypes {
  if (fire) return fire;
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.dataset.testid = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  document.body.appendChild(canvas);
  fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  return fire;
}

export function playConfetti(): void {
  const burst = confettiOnOwnCanvas();
  void burst({ particleCount: 120, spread: 70, origin: { y: 0.6 } });
  setTimeout(() => void burst({ particleCount: 60, angle: 60, spread: 55, origin: { x: 0 } }), 250);
  setTimeout(() => void burst({ particleCount: 60, angle: 120, spread: 55, origin: { x: 1 } }), 400);
}
