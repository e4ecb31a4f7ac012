import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatSol } from '../../../chain/format';
import { celebrationEnded, selectActiveCelebration } from './celebrationSlice';
import './celebration.css';

const SHOW_MS = 4_000;

export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Achievement card + notification; confetti comes from a separate chunk and is skipped under reduced motion. */
export function CelebrationLayer() {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectActiveCelebration);
  useEffect(() => {
    if (!active) return;
    if (!prefersReducedMotion()) {
      import(/* webpackChunkName: "celebration" */ './effects').then((m) => m.playConfetti()).catch(() => undefined);
    }
    const timer = setTimeout(() => dispatch(celebrationEnded(active.id)), SHOW_MS);
    return () => clearTimeout(timer);
  }, [active, dispatch]);
  if (!active) return null;
  const motion = prefersReducedMotion() ? 'still' : 'animated';
  return (
    <div className={`celebration celebration-${motion}`} role="status" aria-live="polite" data-testid="celebration">
      <div className="achievement" data-testid="achievement">
        <svg
          className="achievement-badge"
          width="40"
          height="40"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="#ffd84d"
          stroke="#7a4d00"
          strokeWidth="1"
          strokeLinejoin="round"
        >
          <path d="M7 3h10v5a5 5 0 0 1-10 0z M7 5H4a3 3 0 0 0 3 4 M17 5h3a3 3 0 0 1-3 4 M10 13h4v4h-4z M8 20h8v1.5H8z M11 17h2v3h-2z" />
        </svg>
        <div>
          <strong>{active.title}</strong>
          <p>{active.description}</p>
          {active.lamports > 0 && <p className="achievement-sol">+{formatSol(active.lamports, 4)} SOL</p>}
        </div>
      </div>
    </div>
  );
}
