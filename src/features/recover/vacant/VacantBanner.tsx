import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { netOfServiceFee } from '../../../chain/fees';
import { useGetRelayerStatusQuery } from './relayerApi';
import {
  RELAY,
  RENT,
  SURPLUS,
  VACANT,
  WALLET_MODES,
  surplusBannerText,
  vacantBannerText,
  vacantBannerWithSurplus,
} from '../../../common/texts';
import { useExplorer } from '../../trash/trash';
import { selectCanSignOnly, selectWalletLamports } from '../../wallet/walletInfo';
import { selectRentEstimate } from '../rent/rentSlice';
import { exactSol } from '../../../chain/format';
import {
  selectVacant,
  vacantAlertDismissed,
  vacantBurnRequested,
  vacantRelayFeeToggled,
  vacantReset,
  vacantSurplusToggled,
} from './vacantSlice';
import './vacant.css';

// docs/PRODUCT.md#vacant-accounts-banner: shown only when vacant accounts with rent exist. The recover button stays clickable while busy so a
// second click reaches the state machine, which ignores it (re-entry blocked, docs/PRODUCT.md#close-vacant-accounts). The run goes through the review
// dialog like the burns; its outcome is reported here, in the page, with every signature (no native alert, no
// reload: the estimate and the lists refresh on their own).

function VacantReport() {
  const dispatch = useAppDispatch();
  const { status, alert, result } = useAppSelector(selectVacant);
  const { explorerUrl } = useExplorer();
  if (!alert) return null;
  const done = status === 'done' && result;
  return (
    <div
      className={`vacant-report ${done ? 'vacant-report-success' : 'vacant-report-error'}`}
      role={done ? 'status' : 'alert'}
      data-testid="vacant-report"
      data-kind={done ? 'success' : 'error'}
    >
      <p data-testid="vacant-report-text">{alert}</p>
      {done && result.signatures.length > 0 && (
        <ul className="vacant-signatures" data-testid="vacant-signatures">
          {result.signatures.map((sig) => (
            <li key={sig}>
              <a href={explorerUrl(sig)} target="_blank" rel="noreferrer" data-signature={sig}>
                {`${sig.slice(0, 8)}…${sig.slice(-8)}`}
              </a>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="vacant-reset" onClick={() => dispatch(vacantAlertDismissed())}>
        {VACANT.dismiss}
      </button>
    </div>
  );
}

export function VacantBanner() {
  const dispatch = useAppDispatch();
  const estimate = useAppSelector(selectRentEstimate);
  const { status, alert, withdrawSurplus, relayFee, progress } = useAppSelector(selectVacant);
  const relayer = useGetRelayerStatusQuery().data;
  // A send-only wallet cannot take part in a recovery the relayer co-signs: said here, before anything is signed.
  const signsOnly = useAppSelector(selectCanSignOnly);
  const balance = useAppSelector(selectWalletLamports);
  const busy = status === 'processing';

  const count = estimate?.vacantAccounts ?? 0;
  const lamports = estimate?.vacantRent ?? 0;
  const surplusCount = estimate?.surplusAccounts ?? 0;
  const surplusLamports = estimate?.surplusRent ?? 0;
  // Nothing to close but surplus to withdraw (PRODUCT difference 13): the same recovery, withdrawals only.
  const surplusOnly = !(count > 0 && lamports > 0) && surplusCount > 0 && surplusLamports > 0;
  if (!(count > 0 && lamports > 0) && !surplusOnly && !busy)
    return alert ? (
      <section className="vacant-banner" aria-label={RENT.vacantAccounts} data-testid="vacant-banner">
        <VacantReport />
      </section>
    ) : null;
  // The headline counts what the recovery will really return: with the surplus tick on (the default), that too.
  const withSurplus = !surplusOnly && withdrawSurplus && surplusCount > 0 && surplusLamports > 0;
  const shown = surplusOnly ? surplusLamports : lamports + (withSurplus ? surplusLamports : 0);
  return (
    <section className="vacant-banner" aria-label={RENT.vacantAccounts} data-testid="vacant-banner" aria-busy={busy}>
      <div className="vacant-text">
        <p className="vacant-headline" data-testid="vacant-text">
          {surplusOnly
            ? surplusBannerText(surplusCount, exactSol(surplusLamports))
            : withSurplus
              ? vacantBannerWithSurplus(count, exactSol(shown))
              : vacantBannerText(count, exactSol(lamports))}
        </p>
        <p className="vacant-sub">
          {exactSol(netOfServiceFee(shown))} SOL{' '}
          {RENT.serviceFeeNote.charAt(0).toLowerCase() + RENT.serviceFeeNote.slice(1)}
        </p>
      </div>
      {surplusCount > 0 && !surplusOnly && (
        <label className="vacant-option">
          <input
            type="checkbox"
            data-testid="vacant-withdraw-surplus"
            checked={withdrawSurplus}
            disabled={busy}
            onChange={(e) => dispatch(vacantSurplusToggled(e.target.checked))}
          />{' '}
          {SURPLUS.withdrawTick} ({exactSol(estimate!.surplusRent)} SOL)
        </label>
      )}
      {relayer?.available && !signsOnly && (
        <p className="vacant-sub vacant-relay-send-only" role="note" data-testid="vacant-relay-send-only">
          {WALLET_MODES.relayNeedsSignOnly} {balance === 0 ? WALLET_MODES.addSol : WALLET_MODES.payFeeYourself}
        </p>
      )}
      {relayer?.available && signsOnly && (
        <label className="vacant-option">
          <input
            type="checkbox"
            data-testid="vacant-relay-fee"
            checked={relayFee}
            disabled={busy}
            onChange={(e) => dispatch(vacantRelayFeeToggled(e.target.checked))}
          />{' '}
          {RELAY.payFeeTick}
        </label>
      )}
      {relayer && !relayer.available && (
        <p className="vacant-sub" data-testid="vacant-relay-unavailable">
          {RELAY.unavailablePrefix}
          {relayer.reason}
        </p>
      )}
      {busy && progress && (
        <p className="vacant-sub" role="status" data-testid="vacant-continuing">
          {progress}
        </p>
      )}
      <div className="vacant-actions">
        <button
          type="button"
          className="vacant-recover"
          data-testid="vacant-recover"
          aria-disabled={busy}
          onClick={() => dispatch(vacantBurnRequested())}
        >
          {busy ? VACANT.processing : VACANT.recoverButton}
        </button>
        {busy && (
          <button
            type="button"
            className="vacant-reset"
            data-testid="vacant-reset"
            onClick={() => dispatch(vacantReset())}
          >
            {VACANT.reset}
          </button>
        )}
      </div>
      <VacantReport />
    </section>
  );
}
