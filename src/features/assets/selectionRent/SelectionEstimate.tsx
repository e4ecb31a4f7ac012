import { useAppSelector } from '../../../app/hooks';
import { nftBurnServiceFee } from '../../../chain/fees';
import { MAX_SELECTED_NFTS_WARNING_THRESHOLD, MAX_SELECTED_TOKENS_WARNING_THRESHOLD } from '../../../common/constants';
import { RENT, ASSETS_SCREEN, VALIDATION } from '../../../common/texts';
import { selectSelectedCnftIds, selectSelectedNftMints, selectSelectedTokenMints } from '../selection/selectionSlice';
import { exactSol } from '../../../chain/format';
import { selectCanSignAll } from '../../wallet/walletInfo';
import type { AssetRent } from './selectionRentSlice';

// "Selected for Burning" (docs/PRODUCT.md#rent-estimate-card) with exact figures: each selected account's lamports as the chain holds them,
// and the fee rule of the action the buttons run — token burns carry no service fee, the bulk NFT burn the 1 %
// the server adds per transaction. Wrapped SOL is listed as unwrapped (the owner's own SOL), never as recovered.

export interface SelectionFigures {
  tokens: number;
  tokenCount: number;
  unwrap: number;
  unwrapCount: number;
  nfts: number;
  nftCount: number;
  fee: number;
  skipped: number;
  pending: number;
  total: number;
}

export function selectionFigures(
  tokenMints: string[],
  nftMints: string[],
  tokenRents: Record<string, AssetRent>,
  nftRents: Record<string, AssetRent>,
): SelectionFigures {
  const f = {
    tokens: 0,
    tokenCount: 0,
    unwrap: 0,
    unwrapCount: 0,
    nfts: 0,
    nftCount: 0,
    fee: 0,
    skipped: 0,
    pending: 0,
    total: 0,
  };
  for (const m of tokenMints) {
    const r = tokenRents[m];
    if (!r) f.pending++;
    else if (r.reason) f.skipped++;
    else if (r.native) {
      f.unwrap += r.lamports;
      f.unwrapCount++;
    } else {
      f.tokens += r.lamports;
      f.tokenCount++;
    }
  }
  for (const m of nftMints) {
    const r = nftRents[m];
    if (!r) f.pending++;
    else if (r.reason) f.skipped++;
    else {
      f.nfts += r.lamports;
      f.nftCount++;
    }
  }
  f.fee = nftBurnServiceFee(f.nftCount, f.nfts);
  f.total = f.tokens + f.nfts - f.fee;
  return f;
}

function Line({
  label,
  lamports,
  testId,
  minus,
}: {
  label: string;
  lamports: number;
  testId?: string;
  minus?: boolean;
}) {
  return (
    <li className="rent-line" data-testid={testId} data-lamports={lamports}>
      <span>{label}</span>
      <span>
        {minus && lamports > 0 ? '−' : ''}
        {exactSol(lamports)} SOL
      </span>
    </li>
  );
}

export function SelectionEstimate() {
  const tokenMints = useAppSelector(selectSelectedTokenMints);
  const nftMints = useAppSelector(selectSelectedNftMints);
  const cnfts = useAppSelector(selectSelectedCnftIds).length;
  const tokenRents = useAppSelector((s) => s.selectionRent.tokens);
  const nftRents = useAppSelector((s) => s.selectionRent.nfts);
  const canSignAll = useAppSelector(selectCanSignAll);
  const f = selectionFigures(tokenMints, nftMints, tokenRents, nftRents);
  // The limit that really applies: a wallet that signs one transaction at a time gets the spec's batch (the rest
  // stay selected). A bigger NFT selection is split into the server's requests by the burn itself (bulkNftBurn.ts).
  const limited =
    !canSignAll &&
    (tokenMints.length > MAX_SELECTED_TOKENS_WARNING_THRESHOLD ||
      nftMints.length > MAX_SELECTED_NFTS_WARNING_THRESHOLD);
  return (
    <>
      <div className="rent-total">
        <span>{RENT.selectedForBurning}</span>
        {f.pending > 0 ? (
          <strong data-testid="rent-selected-pending">{RENT.loading}</strong>
        ) : (
          <strong data-testid="rent-selected-total" data-lamports={f.total}>
            {exactSol(f.total)} SOL
          </strong>
        )}
      </div>
      <ul className="rent-breakdown">
        <Line label={`${RENT.tokens} (${f.tokenCount})`} lamports={f.tokens} testId="rent-selected-tokens" />
        {f.unwrapCount > 0 && (
          <Line
            label={`${ASSETS_SCREEN.unwrap} (${f.unwrapCount})`}
            lamports={f.unwrap}
            testId="rent-selected-unwrap"
          />
        )}
        <Line label={`${RENT.nfts} (${f.nftCount})`} lamports={f.nfts} testId="rent-selected-nfts" />
        {f.fee > 0 && <Line label={ASSETS_SCREEN.reviewServiceFee} lamports={f.fee} testId="rent-selected-fee" minus />}
        <Line label={`${RENT.cnfts} (${cnfts})`} lamports={0} />
      </ul>
      {f.tokenCount > 0 && <p className="rent-note">{ASSETS_SCREEN.noServiceFeeTokens}</p>}
      {f.nftCount > 0 && <p className="rent-note">{ASSETS_SCREEN.serviceFeeNfts}</p>}
      {f.unwrapCount > 0 && <p className="rent-note">{ASSETS_SCREEN.unwrapNote}</p>}
      {cnfts > 0 && <p className="rent-note">{RENT.cnftsNoRentNote}</p>}
      {limited && (
        <div className="rent-warning" role="alert" data-testid="batch-warning">
          <strong>{RENT.batchSizeLimitExceeded}</strong>
          <p>{VALIDATION.selectFewerAssets}</p>
        </div>
      )}
    </>
  );
}
