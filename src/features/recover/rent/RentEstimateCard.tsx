import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { nftBurnServiceFee, serviceFee } from '../../../chain/fees';
import { RENT, SURPLUS, ASSETS_SCREEN } from '../../../common/texts';
import { SelectionEstimate } from '../../assets/selectionRent';
import { selectSelectedCounts } from '../../assets/selection';
import { exactSol } from '../../../chain/format';
import { CoreNotChecked } from './CoreNotChecked';
import { rentEstimateRefreshRequested, selectRent } from './rentSlice';
import type { RentEstimate } from './rentEstimate';
import './rent.css';

// docs/PRODUCT.md#rent-estimate-card. All sums in lamports; SOL only when shown. The "potential return" is net of the 1 % service fee.

/** Everything burned and closed: tokens carry no fee; NFTs (bulk) and vacant closes carry the 1 % service fee. */
const potentialReturn = (e: RentEstimate): number =>
  e.total - nftBurnServiceFee(e.nftAccounts, e.nftRent) - serviceFee(e.vacantRent);

function Line({
  label,
  count,
  lamports,
  testId,
}: {
  label: string;
  count?: number;
  lamports: number;
  testId?: string;
}) {
  return (
    <li className="rent-line" data-testid={testId} data-lamports={lamports}>
      <span>{count === undefined ? label : `${label} (${count})`}</span>
      <span>{exactSol(lamports)} SOL</span>
    </li>
  );
}

/** What each SIMD-0437 step to come would add to today's surplus: a forecast, in no total (PRODUCT, "Rent ahead"). */
function RentAhead({ estimate }: { estimate: RentEstimate }) {
  const steps = estimate.rentAhead.filter((s) => s.surplusLamports > estimate.surplusRent);
  if (steps.length === 0) return null;
  return (
    <>
      <ul className="rent-breakdown" data-testid="rent-ahead">
        {steps.map((s) => (
          <Line
            key={s.lamportsPerByte}
            label={SURPLUS.aheadLine(s.lamportsPerByte.toLocaleString('en-US'))}
            lamports={s.surplusLamports - estimate.surplusRent}
          />
        ))}
      </ul>
      <p className="rent-note">{SURPLUS.aheadNote}</p>
    </>
  );
}

export function RentEstimateCard() {
  const { status, estimate, error } = useAppSelector(selectRent);
  const selected = useAppSelector(selectSelectedCounts);
  const dispatch = useAppDispatch();

  let body: React.ReactNode = null;
  if (status === 'loading' && !estimate) body = <p className="rent-loading">{RENT.loading}</p>;
  else if (status === 'error')
    // The docs/PRODUCT.md#error-texts text ('... please try again') is itself the way to try again.
    body = (
      <p role="alert">
        <button
          type="button"
          className="rent-error"
          data-testid="rent-retry"
          onClick={() => dispatch(rentEstimateRefreshRequested())}
        >
          {error}
        </button>
      </p>
    );
  else if (estimate && selected.total > 0) body = <SelectionEstimate />;
  else if (estimate && estimate.total === 0 && estimate.vacantAccounts === 0) {
    body = (
      <div className="rent-empty" data-testid="rent-nothing">
        <strong>{ASSETS_SCREEN.nothingToRecover}</strong>
        <p className="rent-note">{ASSETS_SCREEN.nothingToRecoverHint}</p>
        <CoreNotChecked refused={estimate.coreRefused} prints={estimate.printsRefused} />
      </div>
    );
  } else if (estimate) {
    body = (
      <>
        <div className="rent-total">
          <span>{RENT.totalPotentialReturn}</span>
          <strong data-testid="rent-total">{exactSol(potentialReturn(estimate))} SOL</strong>
        </div>
        <p className="rent-note">
          {ASSETS_SCREEN.noServiceFeeTokens} {ASSETS_SCREEN.serviceFeeNfts} {ASSETS_SCREEN.serviceFeeVacant}
        </p>
        <ul className="rent-breakdown">
          <Line label={RENT.nftAccounts} count={estimate.nftAccounts} lamports={estimate.nftRent} />
          <Line label={RENT.tokenAccounts} count={estimate.tokenAccounts} lamports={estimate.tokenRent} />
          {estimate.vacantAccounts > 0 && (
            <Line label={RENT.vacantAccounts} count={estimate.vacantAccounts} lamports={estimate.vacantRent} />
          )}
        </ul>
        {estimate.surplusAccounts > 0 && (
          // Not part of the total: it comes back without burning anything (SIMD-0437 surplus, PRODUCT difference 13).
          <ul className="rent-breakdown">
            <Line
              label={SURPLUS.cardLine}
              count={estimate.surplusAccounts}
              lamports={estimate.surplusRent}
              testId="rent-surplus"
            />
          </ul>
        )}
        <RentAhead estimate={estimate} />
        <CoreNotChecked refused={estimate.coreRefused} prints={estimate.printsRefused} />
        <ul className="rent-per-account">
          <Line label={RENT.rentPerTokenAccount} lamports={estimate.rentPerAccount} />
          <Line label={RENT.rentPerNft} lamports={estimate.nftRentPerAsset} />
        </ul>
      </>
    );
  }
  if (!body) return null;
  return (
    <section className="rent-card" aria-label={RENT.heading} data-testid="rent-card">
      <h3>{RENT.heading}</h3>
      {body}
    </section>
  );
}
