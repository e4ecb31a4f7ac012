// The frame "More SOL in your wallet" and "Recover everything" share, two views of one plan
// (docs/PRODUCT.md#recover-everything): the connected wallet's plan, the title and intro, the list or its "nothing"
// line, the refused scans, "Check again" beside the view's recover button, and the outcome of the view's last run.
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RecoverableResponse, RecoveryKind } from '../../../common/api';
import { RECOVERY_SECTION as T } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import { selectWalletAddress } from '../../wallet/wallet';
import { useGetRecoveryPlanQuery } from './recoveryApi';
import { recoveryRequested, type RecoveryAsk, type RecoveryState } from './recoverySlice';
import './recovery.css';

export function Refused({ scans }: { scans: RecoverableResponse['scans'] }) {
  const refused = (Object.keys(scans) as RecoveryKind[]).filter((k) => scans[k] !== 'ok');
  if (refused.length === 0) return null;
  return (
    <ul className="recovery-refused" data-testid="recovery-refused">
      {refused.map((k) => (
        <li key={k} data-kind={k}>
          {recoveryKindName(k)}: {T.notChecked}
        </li>
      ))}
    </ul>
  );
}

/** The connected wallet's plan: null until it is read. */
export function useWalletPlan() {
  const wallet = useAppSelector(selectWalletAddress);
  const { data, isFetching, refetch } = useGetRecoveryPlanQuery(wallet ?? '', { skip: !wallet });
  return { plan: wallet && data?.success ? data : null, isFetching, refetch };
}

interface Props {
  view: RecoveryState['view'];
  testIds: { section: string; button: string; message: string };
  title: string;
  intro: string;
  /** Said instead of the list when it is empty. */
  nothing: string | null;
  list: ReactNode;
  /** Below the list: later steps, what is left alone. */
  more?: ReactNode;
  scans: RecoverableResponse['scans'];
  fetching: boolean;
  refetch: () => unknown;
  /** The recover button: its words, the items it recovers (none: disabled), what it asks for. */
  action: { label: string; count: number; lamports?: number; ask: RecoveryAsk };
}

export function RecoverySection({
  view,
  testIds,
  title,
  intro,
  nothing,
  list,
  more,
  scans,
  fetching,
  refetch,
  action,
}: Props) {
  const dispatch = useAppDispatch();
  const { status, message, view: shown } = useAppSelector((s) => s.recovery);
  const busy = status === 'processing';
  return (
    <section className="rent-card recovery-section" data-testid={testIds.section} aria-busy={fetching || busy}>
      <h3>{title}</h3>
      <p className="rent-note">{intro}</p>
      {nothing !== null ? <p className="rent-note">{nothing}</p> : list}
      {more}
      <Refused scans={scans} />
      <div className="recovery-actions">
        <button type="button" className="tools-button" onClick={() => void refetch()} disabled={fetching || busy}>
          {T.refresh}
        </button>
        <button
          type="button"
          className="burn-button"
          data-testid={testIds.button}
          data-lamports={action.lamports}
          disabled={action.count === 0 || busy}
          onClick={() => dispatch(recoveryRequested({ ask: action.ask }))}
        >
          {action.label}
        </button>
      </div>
      {message && shown === view && (
        <p className="rent-note" role="status" data-testid={testIds.message} data-status={status}>
          {message}
        </p>
      )}
    </section>
  );
}
