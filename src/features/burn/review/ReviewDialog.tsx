import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ASSETS_SCREEN } from '../../../common/texts';
import { RECOVER_EVERYTHING } from '../../../common/texts/recoveryTexts';
import { exactSol } from '../../../chain/format';
import { ValueWarning } from '../../assets/value/ValueWarning';
import { CollectionWarning } from './CollectionWarning';
import { type BurnReview, type ReviewItem, reviewCancelled, reviewConfirmed, selectOpenReview } from './reviewSlice';
import { useModalDialog } from '../../../ui/useModalDialog';
import './review.css';

const LISTED = 60; // a long list says how many more instead of rendering a thousand rows

/**
 * A list that scrolls inside the dialog (a long burn) takes keyboard focus, so it can be scrolled without a mouse
 * (axe-core scrollable-region-focusable; WCAG 2.1.1 Keyboard). A short one stays out of the Tab order.
 */
function ScrollingList({ label, rows, children }: { label: string; rows: number; children: ReactNode }) {
  const ref = useRef<HTMLUListElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setScrolls(el.scrollHeight > el.clientHeight);
  }, [rows]);
  return (
    <ul ref={ref} {...(scrolls ? { tabIndex: 0, 'aria-label': label } : {})}>
      {children}
    </ul>
  );
}

function Items({ title, items, testId }: { title: string; items: ReviewItem[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="review-items" data-testid={testId} data-count={items.length}>
      <h4>
        {title} ({items.length})
      </h4>
      <ScrollingList label={title} rows={items.length}>
        {items.slice(0, LISTED).map((i) => (
          <li key={i.mint} title={i.mint}>
            {i.label}
          </li>
        ))}
        {items.length > LISTED && <li className="review-more">+{items.length - LISTED}</li>}
      </ScrollingList>
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
  // The review id whose valuable tokens the user agreed to burn (a new review asks again).
  const [valueAgreed, setValueAgreed] = useState<number | null>(null);
  if (!review) return null;
  return <OpenReview key={review.id} review={review} valueAgreed={valueAgreed} setValueAgreed={setValueAgreed} />;
}

/** Where focus goes when the button that opened the review is disabled while the burn runs. */
const burnPanelFocus = () => document.querySelector<HTMLElement>('[data-testid="selected-assets-panel"]');

function OpenReview({
  review,
  valueAgreed,
  setValueAgreed,
}: {
  review: BurnReview;
  valueAgreed: number | null;
  setValueAgreed: (id: number | null) => void;
}) {
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLDivElement>(null);
  const waitsForValue = (review.valuable?.length ?? 0) > 0 && valueAgreed !== review.id;
  // Rent alone: the owner's own SOL (unwrapped, unstaked), the surplus and claimed rewards have lines of their own.
  const rewards = review.rewardsLamports ?? 0;
  const rent =
    review.rentLamports -
    review.unwrapLamports -
    (review.surplusLamports ?? 0) -
    (review.principalLamports ?? 0) -
    rewards;
  const cancel = () => dispatch(reviewCancelled(review.id));
  // WAI-ARIA modal dialog: first focus on Cancel (Enter must never sign at once), Tab stays inside, Escape cancels.
  useModalDialog(ref, { onEscape: cancel, fallbackFocus: burnPanelFocus });
  return (
    <div className="review-backdrop">
      <div
        className="review-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="review-title"
        data-testid="review-dialog"
        ref={ref}
        tabIndex={-1}
      >
        <h3 id="review-title">{ASSETS_SCREEN.reviewTitle}</h3>
        <Items title={ASSETS_SCREEN.reviewDestroyed} items={review.destroyed} testId="review-destroyed" />
        <ValueWarning
          items={review.valuable ?? []}
          acknowledged={valueAgreed === review.id}
          onAcknowledge={(yes) => setValueAgreed(yes ? review.id : null)}
        />
        <CollectionWarning items={review.collections ?? []} />
        <Items title={ASSETS_SCREEN.reviewUnwrapped} items={review.unwrapped} testId="review-unwrapped" />
        <Items
          title={review.closedTitle ?? ASSETS_SCREEN.reviewClosed}
          items={review.closed ?? []}
          testId="review-closed"
        />
        <Items title={RECOVER_EVERYTHING.reviewKinds} items={review.perKind ?? []} testId="review-per-kind" />
        <Items title={ASSETS_SCREEN.reviewLeftAlone} items={review.leftAlone ?? []} testId="review-left-alone" />
        <Items title={RECOVER_EVERYTHING.reviewLater} items={review.later ?? []} testId="review-later" />
        <ul className="review-figures">
          {/* A revoke alone returns nothing: no "Rent back +0" line. */}
          {(rent > 0 || !review.closed) && (
            <Figure label={ASSETS_SCREEN.reviewRent} lamports={rent} testId="review-rent" sign="+" />
          )}
          {rewards > 0 && (
            <Figure label={ASSETS_SCREEN.reviewRewards} lamports={rewards} testId="review-rewards" sign="+" />
          )}
          {(review.principalLamports ?? 0) > 0 && (
            <Figure
              label={ASSETS_SCREEN.reviewPrincipal}
              lamports={review.principalLamports!}
              testId="review-principal"
              sign="+"
            />
          )}
          {(review.surplusLamports ?? 0) > 0 && (
            <Figure
              label={ASSETS_SCREEN.reviewSurplus}
              lamports={review.surplusLamports!}
              testId="review-surplus"
              sign="+"
            />
          )}
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
            label={review.relayed ? ASSETS_SCREEN.reviewNetworkFeeRelayed : ASSETS_SCREEN.reviewNetworkFee}
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
        <p
          className="review-note"
          data-testid="review-simulated-agrees"
          data-lamports={review.simulatedChangeLamports}
          data-transactions={review.transactions}
        >
          {review.simulatedChangeLamports === review.solChangeLamports && ASSETS_SCREEN.reviewSimulated}{' '}
          {ASSETS_SCREEN.reviewTransactions(review.transactions)}
        </p>
        <div className="review-actions">
          <button type="button" className="tools-button" data-initial-focus onClick={cancel}>
            {ASSETS_SCREEN.reviewCancel}
          </button>
          <button
            type="button"
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
