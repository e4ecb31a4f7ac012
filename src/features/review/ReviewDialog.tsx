import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ASSETS_SCREEN } from '../../common/texts';
import { exactSol } from '../../chain/format';
import { ValueWarning } from '../value/ValueWarning';
import { type ReviewItem, reviewCancelled, reviewConfirmed, selectOpenReview } from './reviewSlice';
import './review.css';

const LISTED = 60; // a long list says how many more instead of rendering a thousand rows

function Items({ title, items, testId }: { title: string; items: ReviewItem[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="review-items" data-testid={testId} data-count={items.length}>
      <h4>
        {title} ({items.length})
      </h4>
      <ul>
        {items.slice(0, LISTED).map((i) => (
          <li key={i.mint} title={i.mint}>
            {i.label}
          </li>
        ))}
        {items.length > LISTED && <li className="review-more">+{items.length - LISTED}</li>}
      </ul>
    </div>
  );
}

function Figure({
  label,
  lamports,
  testId,
  sign = '',
}: {
  label: string;
  lamports: number;
  testId: string;
  sign?: string;
}) {
  return (
    <li data-testid={testId} data-lamports={lamports}>
      <span>{label}</span>
      <span>
        {sign}
        {exactSol(Math.abs(lamports))} SOL
      </span>
    </li>
  );
}

/** The review step: nothing is signed until Confirm. Escape or Cancel ends the burn with nothing sent. */
export function ReviewDialog() {
  const review = useAppSelector(selectOpenReview);
  const dispatch = useAppDispatch();
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The review id whose valuable tokens the user agreed to burn (a new review asks again).
  const [valueAgreed, setValueAgreed] = useState<number | null>(null);
  useEffect(() => {
    if (review) confirmRef.current?.focus();
  }, [review]);
  if (!review) return null;
  const waitsForValue = (review.valuable?.length ?? 0) > 0 && valueAgreed !== review.id;
  const cancel = () => dispatch(reviewCancelled(review.id));
  return (
    <div className="review-backdrop" onKeyDown={(e) => e.key === 'Escape' && cancel()}>
      <div
        className="review-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="review-title"
        data-testid="review-dialog"
      >
        <h3 id="review-title">{ASSETS_SCREEN.reviewTitle}</h3>
        <Items title={ASSETS_SCREEN.reviewDestroyed} items={review.destroyed} testId="review-destroyed" />
        <ValueWarning
          items={review.valuable ?? []}
          acknowledged={valueAgreed === review.id}
          onAcknowledge={(yes) => setValueAgreed(yes ? review.id : null)}
        />
        <Items title={ASSETS_SCREEN.reviewUnwrapped} items={review.unwrapped} testId="review-unwrapped" />
        <ul className="review-figures">
          <Figure
            label={ASSETS_SCREEN.reviewRent}
            lamports={review.rentLamports - review.unwrapLamports}
            testId="review-rent"
            sign="+"
          />
          {review.unwrapLamports > 0 && (
            <Figure label={ASSETS_SCREEN.unwrap} lamports={review.unwrapLamports} testId="review-unwrap" sign="+" />
          )}
          <Figure
            label={ASSETS_SCREEN.reviewServiceFee}
            lamports={review.serviceFeeLamports}
            testId="review-service-fee"
            sign="−"
          />
          <Figure
            label={ASSETS_SCREEN.reviewNetworkFee}
            lamports={review.networkFeeLamports}
            testId="review-network-fee"
            sign="−"
          />
          <Figure
            label={ASSETS_SCREEN.reviewSolChange}
            lamports={review.solChangeLamports}
            testId="review-sol-change"
            sign={review.solChangeLamports < 0 ? '−' : '+'}
          />
        </ul>
        {review.simulatedChangeLamports !== review.solChangeLamports && (
          <p className="review-note" data-testid="review-simulated" data-lamports={review.simulatedChangeLamports}>
            {ASSETS_SCREEN.reviewSimulationDiffers(
              exactSol(Math.abs(review.simulatedChangeLamports)),
              review.simulatedChangeLamports < 0,
            )}
          </p>
        )}
        <p className="review-note" data-testid="review-simulated-agrees" data-lamports={review.simulatedChangeLamports}>
          {review.simulatedChangeLamports === review.solChangeLamports && ASSETS_SCREEN.reviewSimulated}{' '}
          {ASSETS_SCREEN.reviewTransactions(review.transactions)}
        </p>
        <div className="review-actions">
          <button type="button" className="tools-button" onClick={cancel}>
            {ASSETS_SCREEN.reviewCancel}
          </button>
          <button
            type="button"
            ref={confirmRef}
            className="burn-button"
            disabled={waitsForValue}
            onClick={() => !waitsForValue && dispatch(reviewConfirmed(review.id))}
          >
            {ASSETS_SCREEN.reviewConfirm}
          </button>
        </div>
      </div>
    </div>
  );
}
