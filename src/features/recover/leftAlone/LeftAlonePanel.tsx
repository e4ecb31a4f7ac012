import { useAppSelector } from '../../../app/hooks';
import type { LeftAloneAccount } from '../../../chain/leftAlone';
import { exactSol, formatTokenBalance } from '../../../chain/format';
import { ASSETS_SCREEN, leftAloneText } from '../../../common/texts';
import { selectLeftAlone } from './leftAloneSlice';

const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

function Row({ a }: { a: LeftAloneAccount }) {
  return (
    <li data-testid="left-alone-item" data-reason={a.reason} data-address={a.address}>
      <span className="left-alone-id" title={a.address}>
        {short(a.mint)} · {formatTokenBalance(a.amount, a.decimals)}
      </span>
      <span className="left-alone-reason">{leftAloneText(a.reason, a.party ? short(a.party) : undefined)}</span>
      <span className="left-alone-sol">{exactSol(a.lamports)} SOL</span>
    </li>
  );
}

/** Accounts skipped on purpose: shown with their reason so nothing is silently ignored. */
export function LeftAlonePanel() {
  const accounts = useAppSelector(selectLeftAlone);
  if (accounts.length === 0) return null;
  return (
    <section className="asset-section left-alone" aria-label={ASSETS_SCREEN.leftAloneTitle} data-testid="left-alone">
      <h3 className="asset-section-title">
        {ASSETS_SCREEN.leftAloneTitle} <span className="asset-section-count">{accounts.length}</span>
      </h3>
      <p className="rent-note">{ASSETS_SCREEN.leftAloneHint}</p>
      <ul className="left-alone-list">
        {accounts.map((a) => (
          <Row key={a.address} a={a} />
        ))}
      </ul>
    </section>
  );
}
