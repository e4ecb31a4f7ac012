import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { netOfServiceFee } from '../../chain/fees';
import { useGetRelayerStatusQuery } from './relayerApi';
import { RELAY, RENT, SURPLUS, VACANT, WALLET_MODES, surplusBannerText, vacantBannerText } from '../../common/texts';
import { selectCanSignOnly, selectWalletLamports } from '../walletInfo/walletInfoSlice';
import { selectRentEstimate } from '../rent/rentSlice';
import { exactSol } from '../../chain/format';
import {
  selectVacant,
  vacantAlertDismissed,
  vacantBurnRequested,
  vacantRelayFeeToggled,
  vacantReset,
  vacantSurplusToggled,
} from './vacantSlice';
import './vacant.css';

// Spec §2.4: shown only when vacant accounts with rent exist. The recover button stays clickable while busy so a
// second click reaches the state machine, which ignores it (re-entry blocked, §4.5).

/** Shows the flow's alerts (§8.1) and reloads the page after the success alert (§4.5). */
function useVacantAlerts(alert: string | null, done: boolean, reload: () => void) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!alert) return;
    window.alert(alert);
    dispatch(vacantAlertDismissed());
    if (done) reload();
  }, [alert, done, dispatch, reload]);
}

const reloadPage = () => window.location.reload();

export function VacantBanner({ reload = reloadPage }: { reload?: () => void }) {
  const dispatch = useAppDispatch();
  const estimate = useAppSelector(selectRentEstimate);
  const { status, alert, withdrawSurplus, relayFee } = useAppSelector(selectVacant);
  const relayer = useGetRelayerStatusQuery().data;
  // A send-only wallet cannot take part in a recovery the relayer co-signs: said here, before anything is signed.
  const signsOnly = useAppSelector(selectCanSignOnly);
  const balance = useAppSelector(selectWalletLamports);
  const busy = status === 'processing';
  useVacantAlerts(alert, status === 'done', reload);

  const count = estimate?.vacantAccounts ?? 0;
  const lamports = estimate?.vacantRent ?? 0;
  const surplusCount = estimate?.surplusAccounts ?? 0;
  const surplusLamports = estimate?.surplusRent ?? 0;
  // Nothing to close but surplus to withdraw (PRODUCT difference 13): the same recovery, withdrawals only.
  const surplusOnly = !(count > 0 && lamports > 0) && surplusCount > 0 && surplusLamports > 0;
  if (!(count > 0 && lamports > 0) && !surplusOnly && status === 'idle') return null;
  const shown = surplusOnly ? surplusLamports : lamports;
  return (
    <section className="vacant-banner" aria-label="Vacant accounts" data-testid="vacant-banner" aria-busy={busy}>
      <div className="vacant-text">
        <p className="vacant-headline" data-testid="vacant-text">
          {surplusOnly
            ? surplusBannerText(surplusCount, exactSol(surplusLamports))
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
    </section>
  );
}
