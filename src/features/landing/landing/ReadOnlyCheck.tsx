import { serviceFee } from '../../../chain/fees';
import { exactSol, formatTokenBalance } from '../../../chain/format';
import { RENT, ASSETS, ASSETS_SCREEN } from '../../../common/texts';
import { useGetWalletNftsQuery } from '../../assets/nfts';
import { MoreSolReadOnly } from '../../recover/recovery/MoreSolSection';
import { useGetRentEstimateQuery } from '../../recover/rent';
import { CoreNotChecked } from '../../recover/rent';
import { toRentEstimate } from '../../recover/rent';
import { useGetWalletTokensQuery } from '../../assets/tokens';

// The read-only check: the estimate card's figures and the lists for any address, with no button that signs.
// It reads the same endpoints as the connected screen; nothing here reaches a wallet.

function Estimate({ address }: { address: string }) {
  const { data, error, isFetching } = useGetRentEstimateQuery(address);
  if (isFetching && !data) return <p>{RENT.loading}</p>;
  const status = (error as { status?: number } | undefined)?.status;
  if (status === 404 || (data?.data && data.data.totalRentEstimateLamports === 0 && !data.data.vacantAccounts)) {
    return (
      <div data-testid="check-nothing">
        <p>
          <strong>{ASSETS_SCREEN.nothingToRecover}</strong>
        </p>
        <CoreNotChecked
          refused={data?.data?.coreAssetsScan === 'refused'}
          prints={data?.data?.printEditionsScan === 'refused'}
        />
      </div>
    );
  }
  if (!data?.data) return null;
  const e = toRentEstimate(data.data);
  const total = e.total - serviceFee(e.nftRent) - serviceFee(e.vacantRent);
  return (
    <div className="rent-card" data-testid="check-estimate">
      <h3>{RENT.heading}</h3>
      <div className="rent-total">
        <span>{RENT.totalPotentialReturn}</span>
        <strong data-testid="check-total" data-lamports={total}>
          {exactSol(total)} SOL
        </strong>
      </div>
      <ul className="rent-breakdown">
        <li className="rent-line">
          <span>
            {RENT.tokenAccounts} ({e.tokenAccounts})
          </span>
          <span>{exactSol(e.tokenRent)} SOL</span>
        </li>
        <li className="rent-line">
          <span>
            {RENT.nftAccounts} ({e.nftAccounts})
          </span>
          <span>{exactSol(e.nftRent)} SOL</span>
        </li>
        {e.vacantAccounts > 0 && (
          <li className="rent-line">
            <span>
              {RENT.vacantAccounts} ({e.vacantAccounts})
            </span>
            <span>{exactSol(e.vacantRent)} SOL</span>
          </li>
        )}
      </ul>
      <CoreNotChecked refused={e.coreRefused} prints={e.printsRefused} />
    </div>
  );
}

export function ReadOnlyCheck({ address }: { address: string }) {
  const tokens = useGetWalletTokensQuery(address);
  const nfts = useGetWalletNftsQuery(address);
  const tokenItems = tokens.data?.tokens ?? [];
  const regular = nfts.data?.data?.regularNfts ?? [];
  const compressed = nfts.data?.data?.compressedNfts ?? [];
  return (
    <section className="read-only-check" data-testid="read-only-check" data-address={address}>
      <p className="rent-note">{ASSETS_SCREEN.checkReadOnly}</p>
      <Estimate address={address} />
      <MoreSolReadOnly address={address} />
      <h4>
        {ASSETS.tokensSection} ({tokenItems.length})
      </h4>
      <ul className="check-list" data-testid="check-tokens">
        {tokenItems.slice(0, 200).map((t) => (
          <li key={t.tokenAccount}>
            {t.symbol || t.mint.slice(0, 4)} · {formatTokenBalance(String(t.amount), t.decimals)}
          </li>
        ))}
      </ul>
      <h4>
        {ASSETS.nftsSection} ({regular.length})
      </h4>
      <ul className="check-list" data-testid="check-nfts">
        {regular.slice(0, 200).map((n) => (
          <li key={n.id}>{n.name}</li>
        ))}
      </ul>
      <h4>
        {ASSETS.cnftsSection} ({compressed.length})
      </h4>
      <ul className="check-list" data-testid="check-cnfts">
        {compressed.slice(0, 200).map((n) => (
          <li key={n.id}>{n.name}</li>
        ))}
      </ul>
    </section>
  );
}
