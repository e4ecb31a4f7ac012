import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { formatSol } from '../../chain/format';
import { celebrationEnded, selectActiveCelebration } from './celebrationSlice';
import './celebration.css';

const SHOW_MS = 4_000;

export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Achievement card + notification; confetti comes from a separate chunk and is skipped under reduced motion. */
export function CelebrationLayer() {
  const dispatch = useDispatch();
  const active = useSelector(selectActiveCelebration);
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
        <span className="achievement-badge" aria-hidden="true">🏆</span>
        <div>
          <strong>{active.title}</strong>
          <p>{active.description}</p>
          {active.lamports > 0 && <p className="achievement-sol">+{formatSol(active.lamports, 4)} SOL</p>}
        </div>
      </div>
    </div>
  );
}
export default CelebrationLayer;
