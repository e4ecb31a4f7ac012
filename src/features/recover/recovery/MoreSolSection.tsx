// "More SOL in your wallet" (PRODUCT difference 19): each recovery source with its state and what it returns; a scan
// the provider refused says "Not checked on this provider". Recovering opens the review dialog first.
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { exactSol, shortenAddress } from '../../../chain/format';
import type { RecoverableResponse, RecoverableSource, RecoveryKind } from '../../../common/api';
import { RECOVERY_SECTION as T } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import { ASSUMED_SLOT_MS } from '../../../chain/recovery/slotTime';
import { useGetRecoverableQuery } from './recoveryApi';
import { recoveryTicked } from './recoverySlice';
import { RecoverySection, Refused, useWalletPlan } from './RecoverySection';
import './recovery.css';

export const actionable = (s: RecoverableSource) => s.state === 'ready' || s.state === 'deactivate-first';

/** The empty-account banner's part of the plan (its own flow); "More SOL" shows the rest. */
const BANNER_KINDS: ReadonlySet<RecoveryKind> = new Set(['vacant', 'surplus']);

/** "More SOL" as a view of the one plan (docs/PRODUCT.md#recover-everything): every source but the banner's. */
function moreSolView(plan: RecoverableResponse): RecoverableResponse {
  const scans = Object.fromEntries(Object.entries(plan.scans).filter(([k]) => !BANNER_KINDS.has(k as RecoveryKind)));
  return { ...plan, scans, sources: plan.sources.filter((s) => !BANNER_KINDS.has(s.kind)) };
}

/** One source; `onTick` absent: the read-only check's row (no tick box, nothing to sign). */
function Row({
  source,
  slot,
  slotMs,
  ticked,
  onTick,
}: {
  source: RecoverableSource;
  slot: number;
  /** Measured ms per slot (null: none measured, the text names the slot time it assumes). */
  slotMs: number | null;
  ticked?: boolean;
  onTick?: (ticked: boolean) => void;
}) {
  const slotsLeft = source.readySlot !== undefined ? Math.max(0, source.readySlot - slot) : null;
  const facts = (
    <>
      <span className="recovery-kind">{recoveryKindName(source.kind)}</span>
      <span className="recovery-address" title={source.address}>
        {shortenAddress(source.address)}
      </span>
      <span className="recovery-state" data-testid="recovery-state">
        {T.states[source.state]}
      </span>
      <strong className="recovery-returns" data-lamports={source.recoverableLamports}>
        {(source.state === 'deactivate-first' ? T.returnsAfterClose : T.returns)(exactSol(source.recoverableLamports))}
      </strong>
    </>
  );
  return (
    <li className="recovery-row" data-testid="recovery-source" data-kind={source.kind} data-state={source.state}>
      {onTick ? (
        <label className="recovery-line">
          <input
            type="checkbox"
            checked={!!ticked}
            disabled={!actionable(source)}
            onChange={(e) => onTick(e.target.checked)}
            aria-label={`${recoveryKindName(source.kind)} ${source.address}`}
          />
          {facts}
        </label>
      ) : (
        <div className="recovery-line">{facts}</div>
      )}
      <p className="recovery-detail">{source.detail}</p>
      {slotsLeft !== null && (
        <p className="recovery-detail" data-testid="recovery-ready-in" data-slots={slotsLeft}>
          {T.readyIn(slotsLeft, slotMs ?? ASSUMED_SLOT_MS, slotMs !== null)}
        </p>
      )}
    </li>
  );
}

export function MoreSolSection() {
  const ticked = useAppSelector((s) => s.recovery.ticked);
  const dispatch = useAppDispatch();
  const { plan, isFetching, refetch } = useWalletPlan();
  if (!plan) return null;
  const data = moreSolView(plan);
  const isTicked = (s: RecoverableSource) => actionable(s) && (ticked[s.address] ?? !s.optIn);
  const chosen = data.sources.filter(isTicked);
  return (
    <RecoverySection
      view="moreSol"
      testIds={{ section: 'more-sol', button: 'recovery-recover', message: 'recovery-message' }}
      title={T.title}
      intro={T.intro}
      nothing={data.sources.length === 0 ? T.nothing : null}
      list={
        <ul className="recovery-list">
          {data.sources.map((s) => (
            <Row
              key={s.address}
              source={s}
              slot={data.slot}
              slotMs={data.slotMs ?? null}
              ticked={isTicked(s)}
              onTick={(ticked) => dispatch(recoveryTicked({ address: s.address, ticked }))}
            />
          ))}
        </ul>
      }
      scans={data.scans}
      fetching={isFetching}
      refetch={refetch}
      action={{
        label: T.recover(chosen.length),
        count: chosen.length,
        ask: { scope: 'chosen', addresses: chosen.map((s) => s.address) },
      }}
    />
  );
}

/** The read-only check of any address (PRODUCT, the page): the same list, with nothing to tick and nothing to sign. */
export function MoreSolReadOnly({ address }: { address: string }) {
  const { data } = useGetRecoverableQuery(address);
  if (!data?.success) return null;
  return (
    <section className="rent-card recovery-section" data-testid="check-more-sol">
      <h3>{T.title}</h3>
      {data.sources.length === 0 ? (
        <p className="rent-note">{T.nothing}</p>
      ) : (
        <ul className="recovery-list">
          {data.sources.map((s) => (
            <Row key={s.address} source={s} slot={data.slot} slotMs={data.slotMs ?? null} />
          ))}
        </ul>
      )}
      <Refused scans={data.scans} />
    </section>
  );
}
