import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { netOfServiceFee } from '../../chain/fees';
import { MAX_SELECTED_NFTS_WARNING_THRESHOLD, MAX_SELECTED_TOKENS_WARNING_THRESHOLD } from '../../common/constants';
import { SURPLUS } from '../../common/surplusTexts';
import { RENT, VALIDATION } from '../../common/texts';
import { selectSelectedCounts, selectSelectedNftMints } from '../selection/selectionSlice';
import { exactSol } from '../vacant/vacantFlow';
import { rentEstimateRefreshRequested, selectRent } from './rentSlice';
import './rent.css';

// Spec §2.3. All sums in lamports; SOL only when shown. The "potential return" is net of the 1 % service fee.

function Line({ label, count, lamports, testId }: { label: string; count?: number; lamports: number; testId?: string }) {
  return (
    <li className="rent-line" data-testid={testId} data-lamports={lamports}>
      <span>{count === undefined ? label : `${label} (${count})`}</span>
      <span>{exactSol(lamports)} SOL</span>
    </li>
  );
}

export function RentEstimateCard() {
  const { status, estimate, error } = useAppSelector(selectRent);
  const selected = useAppSelector(selectSelectedCounts);
  const selectedNfts = useAppSelector(selectSelectedNftMints);
  const dispatch = useAppDispatch();

  let body: React.ReactNode = null;
  if (status === 'loading' && !estimate) body = <p className="rent-loading">{RENT.loading}</p>;
  else if (status === 'error')
    // The §8.2 text ('... please try again') is itself the way to try again.
    body = (
      <p role="alert">
        <button type="button" className="rent-error" data-testid="rent-retry" onClick={() => dispatch(rentEstimateRefreshRequested())}>
          {error}
        </button>
      </p>
    );
  else if (estimate && selected.total > 0) {
    const tokens = selected.tokens * estimate.rentPerAccount;
    // Each selected NFT at what its own burn returns (per kind, issue 14); the average only where the server gave none.
    const nfts = selectedNfts.reduce((s, m) => s + (estimate.nftRents?.[m] ?? estimate.nftRentPerAsset), 0);
    const tooMany =
      selected.tokens > MAX_SELECTED_TOKENS_WARNING_THRESHOLD || selected.nfts > MAX_SELECTED_NFTS_WARNING_THRESHOLD;
    body = (
      <>
        <div className="rent-total">
          <span>{RENT.selectedForBurning}</span>
          <strong data-testid="rent-selected-total">{exactSol(netOfServiceFee(tokens + nfts))} SOL</strong>
        </div>
        <p className="rent-note">{RENT.serviceFeeNote}</p>
        <ul className="rent-breakdown">
          <Line label={RENT.tokens} count={selected.tokens} lamports={tokens} />
          <Line label={RENT.nfts} count={selected.nfts} lamports={nfts} testId="rent-selected-nfts" />
          <Line label={RENT.cnfts} count={selected.cnfts} lamports={0} />
        </ul>
        <p className="rent-note">{RENT.cnftsNoRentNote}</p>
        {tooMany && (
          <div className="rent-warning" role="alert">
            <strong>{RENT.batchSizeLimitExceeded}</strong>
            <p>{VALIDATION.selectFewerAssets}</p>
          </div>
        )}
      </>
    );
  } else if (estimate) {
    body = (
      <>
        <div className="rent-total">
          <span>{RENT.totalPotentialReturn}</span>
          <strong data-testid="rent-total">{exactSol(netOfServiceFee(estimate.total))} SOL</strong>
        </div>
        <p className="rent-note">{RENT.serviceFeeNote}</p>
        <ul className="rent-breakdown">
          <Line label={RENT.nftAccounts} count={estimate.nftAccounts} lamports={estimate.nftRent} />
          <Line label={RENT.tokenAccounts} count={estimate.tokenAccounts} lamports={estimate.tokenRent} />
          {estimate.vacantAccounts > 0 && (
            <Line label={RENT.vacantAccounts} count={estimate.vacantAccounts} lamports={estimate.vacantRent} />
          )}
        </ul>
        {estimate.surplusAccounts > 0 && (
          // Not part of the total: it comes back without burning anything (SIMD-0437 surplus, DESIGN §3.13).
          <ul className="rent-breakdown">
            <Line label={SURPLUS.cardLine} count={estimate.surplusAccounts} lamports={estimate.surplusRent} testId="rent-surplus" />
          </ul>
        )}
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
