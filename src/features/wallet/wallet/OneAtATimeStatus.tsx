// While the signing path asks one transaction per request (the wallet refused a batch): why, "Approve 2 of 9", and a
// Stop that takes effect after the approval in progress (docs/PRODUCT.md, "One transaction at a time"). Fixed to the
// viewport so it shows over a flow's dialog too.
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ONE_AT_A_TIME } from '../../../common/texts';
import { oneAtATimeStopPressed, selectOneAtATime } from './walletSlice';
import './oneAtATime.css';

export function OneAtATimeStatus() {
  const dispatch = useAppDispatch();
  const progress = useAppSelector(selectOneAtATime);
  if (!progress) return null;
  return (
    <section className="one-at-a-time" aria-label={ONE_AT_A_TIME.title} data-testid="one-at-a-time">
      <p className="one-at-a-time-why">{ONE_AT_A_TIME.why}</p>
      <p className="one-at-a-time-progress" role="status" data-testid="one-at-a-time-progress">
        <progress max={progress.total} value={progress.current - 1} aria-hidden="true" />{' '}
        {progress.stopping ? ONE_AT_A_TIME.stopping : ONE_AT_A_TIME.progress(progress.current, progress.total)}
      </p>
      <button
        type="button"
        className="one-at-a-time-stop"
        data-testid="one-at-a-time-stop"
        disabled={progress.stopping}
        onClick={() => dispatch(oneAtATimeStopPressed())}
      >
        {ONE_AT_A_TIME.stop}
      </button>
    </section>
  );
}
