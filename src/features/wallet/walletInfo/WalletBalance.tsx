import { useAppSelector } from '../../../app/hooks';
import { formatSol } from '../../../chain/format';
import { ASSETS_SCREEN } from '../../../common/texts';
import { selectWalletLamports } from './walletInfoSlice';

/** The connected wallet's SOL balance, as the chain last said. */
export function WalletBalance() {
  const lamports = useAppSelector(selectWalletLamports);
  if (lamports === null) return null;
  return (
    <span
      className="wallet-balance"
      data-testid="wallet-balance"
      data-lamports={lamports}
      title={`${lamports} lamports`}
    >
      <span className="wallet-balance-label">{ASSETS_SCREEN.walletBalance}</span>{' '}
      <strong>{formatSol(lamports, 4)} SOL</strong>
    </span>
  );
}
