// "Recover everything" (docs/PRODUCT.md#recover-everything): the one plan (every registered source, GET
// /api/recoverable?scope=all) grouped by kind, everything that can come back now ticked, each item untickable; one
// button opens one review and asks for one wallet approval. A lookup table's close is offered here once it is ready,
// with the time until then; what is left alone says why.
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { exactSol, shortenAddress } from '../../../chain/format';
import type { RecoverableResponse, RecoverableSource, RecoveryKind } from '../../../common/api';
import { RECOVER_EVERYTHING as E, RECOVERY_SECTION as T } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import { ASSUMED_SLOT_MS } from '../../../chain/recovery/slotTime';
import { everythingTicked, itemKey, recoveryRequested } from './recoverySlice';
import { actionable } from './MoreSolSection';
import { RecoverySection, useWalletPlan } from './RecoverySection';

/** What an item returns now: a table's deactivation returns nothing (its close comes later). */
const backNow = (s: RecoverableSource) => (s.state === 'ready' ? s.recoverableLamports : 0);

function Later({ plan, busy }: { plan: RecoverableResponse; busy: boolean }) {
  const dispatch = useAppDispatch();
  const tables = plan.sources.filter((s) => s.kind === 'lookupTable' && s.state !== 'deactivate-first');
  if (tables.length === 0) return null;
  const ready = tables.filter((s) => s.state === 'ready');
  return (
    <div className="everything-later" data-testid="everything-later">
      <h4>{E.laterTitle}</h4>
      <ul className="recovery-list">
        {tables.map((s) => {
          const slots = s.readySlot !== undefined ? Math.max(0, s.readySlot - plan.slot) : 0;
          return (
            <li key={s.address} className="recovery-row" data-testid="everything-table" data-state={s.state}>
              {recoveryKindName('lookupTable')} {shortenAddress(s.address)}:{' '}
              {s.state === 'ready' ? (
                E.tableReady
              ) : (
                <span data-testid="everything-ready-in" data-slots={slots}>
                  {T.readyIn(slots, plan.slotMs ?? ASSUMED_SLOT_MS, !!plan.slotMs)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {ready.length > 0 && (
        <button
          type="button"
          className="burn-button"
          data-testid="everything-close-table"
          disabled={busy}
          onClick={() =>
            dispatch(
              recoveryRequested({
                ask: { scope: 'chosen', addresses: ready.map((s) => s.address) },
                view: 'everything',
              }),
            )
          }
        >
          {E.closeTable}
        </button>
      )}
    </div>
  );
}

function KindGroup({ kind, items }: { kind: RecoveryKind; items: RecoverableSource[] }) {
  const dispatch = useAppDispatch();
  const unticked = useAppSelector((s) => s.recovery.unticked);
  const ticked = items.filter((s) => !unticked[itemKey(s)]);
  return (
    <details className="everything-kind" data-testid="everything-kind" data-kind={kind}>
      <summary>
        <span className="recovery-kind">{recoveryKindName(kind)}</span>{' '}
        {E.kindLine(ticked.length, exactSol(ticked.reduce((s, i) => s + backNow(i), 0)))}
      </summary>
      <ul className="recovery-list">
        {items.map((s) => (
          <li key={itemKey(s)} className="recovery-row">
            <label className="recovery-line">
              <input
                type="checkbox"
                checked={!unticked[itemKey(s)]}
                onChange={(e) => dispatch(everythingTicked({ item: s, ticked: e.target.checked }))}
                aria-label={`${recoveryKindName(kind)} ${s.address}`}
              />
              <span className="recovery-address" title={s.address}>
                {shortenAddress(s.address)}
              </span>
              <strong className="recovery-returns" data-lamports={s.recoverableLamports}>
                {(s.state === 'deactivate-first' ? T.returnsAfterClose : T.returns)(exactSol(s.recoverableLamports))}
              </strong>
            </label>
            <p className="recovery-detail">{s.detail}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function RecoverEverything() {
  const { unticked, status } = useAppSelector((s) => s.recovery);
  const { plan, isFetching, refetch } = useWalletPlan();
  if (!plan) return null;
  const items = plan.sources.filter(actionable);
  const chosen = items.filter((s) => !unticked[itemKey(s)]);
  const except = items.filter((s) => unticked[itemKey(s)]).map(({ kind, address }) => ({ kind, address }));
  const kinds = [...new Set(items.map((s) => s.kind))];
  const leftAlone = plan.sources.filter((s) => s.state === 'left-alone');
  const total = chosen.reduce((s, i) => s + backNow(i), 0);
  return (
    <RecoverySection
      view="everything"
      testIds={{ section: 'recover-everything', button: 'recover-everything-button', message: 'everything-message' }}
      title={E.title}
      intro={E.intro}
      nothing={items.length === 0 ? E.nothing : null}
      list={kinds.map((k) => (
        <KindGroup key={k} kind={k} items={items.filter((s) => s.kind === k)} />
      ))}
      more={
        <>
          <Later plan={plan} busy={status === 'processing'} />
          {leftAlone.length > 0 && (
            <div data-testid="everything-left-alone">
              <h4>{E.leftAloneTitle}</h4>
              <ul className="recovery-list">
                {leftAlone.map((s) => (
                  <li key={itemKey(s)} className="recovery-detail">
                    {recoveryKindName(s.kind)} {shortenAddress(s.address)}: {s.detail}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      }
      scans={plan.scans}
      fetching={isFetching}
      refetch={refetch}
      action={{
        label: E.button(exactSol(total)),
        count: chosen.length,
        lamports: total,
        ask: { scope: 'everything', except, allowed: chosen.map((s) => s.address) },
      }}
    />
  );
}
