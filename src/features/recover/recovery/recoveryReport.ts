// The recovery's report step: what landed, read from the chain's record, never from the server's answer or the
// review's estimate (docs/PRODUCT.md#recover-everything).
import type { Transaction } from '@solana/web3.js';
import type { ChainGuardReport } from '../../../chain/chainGuard';
import { decodeTransaction } from '../../../chain/decode';
import { exactSol } from '../../../chain/format';
import { requireConnection } from '../../../app/requireConnection';
import { BUILT_WALLETS } from '../../../common/builtWallets';
import { classifyError } from '../../../common/classifyError';
import { TABLE_COOLDOWN_SLOTS } from '../../../common/constants';
import type { RecoveryActionReport } from '../../../common/api';
import { vacantLandedPartWay } from '../../../common/texts';
import { RECOVERY_SECTION as T, recoveredParts } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import type { NewActivity } from '../../activity/activity';
import { ownerChangeWhenRecorded } from '../../wallet/wallet/landedChange';
import { vacantEffects } from '../vacant/vacantReview';
import type { RecoveryRun, Submitted } from './recoveryFlow';

export interface RecoveryOutcome {
  ok: boolean;
  message: string;
  activity: NewActivity[];
}

/** The server's report of what it built, narrowed to the accounts the batch's transactions actually name. */
export function actionsIn(batch: readonly Transaction[], actions: RecoveryActionReport[]): RecoveryActionReport[] {
  const named = new Set(batch.flatMap((tx) => decodeTransaction(tx).instructions.flatMap((ix) => ix.accounts)));
  const keys = new Set([...named].map((a) => a.pubkey));
  return actions.filter((a) => keys.has(a.address));
}

/** report: the outcome line and the activity entries of what landed. */
export async function reportStep(
  run: RecoveryRun,
  { answer: submitted, stopped, cutShort }: Submitted,
  checked: ChainGuardReport | undefined,
): Promise<RecoveryOutcome> {
  const { api } = run;
  const connection = requireConnection(api.extra);
  // What landed, in order (each is confirmed before the next is sent): ended early by the wallet (one per request) or
  // by the server (a transaction that did not land stops the rest).
  const signatures = submitted.signatures ?? (submitted.signature ? [submitted.signature] : []);
  const landedCount = stopped ? stopped.sent : submitted.success && !cutShort ? run.batch.length : signatures.length;
  const landed = run.batch.slice(0, landedCount);
  const partWay = cutShort
    ? vacantLandedPartWay(
        T.failed(classifyError(cutShort.cause ?? cutShort, 'vacant').message),
        landedCount,
        run.batch.length,
      )
    : submitted.success
      ? stopped?.message
      : vacantLandedPartWay(T.failed(submitted.error ?? 'a transaction did not land'), landedCount, run.batch.length);
  const landedActions = actionsIn(landed, run.actions);
  // Every part from the page's own reading: returns and principal from the guard's reading of the chain, the service
  // fee decoded from the landed transactions, the gain from the chain's record of them (getTransaction's balances).
  const estimates = (checked?.transactions ?? []).slice(0, landedCount);
  const back = estimates.reduce((s, t) => s + t.returnsLamports, 0);
  const principal = estimates.reduce((s, t) => s + t.returnsLamports - t.feeBaseLamports, 0);
  const rewards = estimates.reduce((s, t) => s + t.rewardsLamports, 0);
  const fee = vacantEffects(landed, BUILT_WALLETS.feeWallet).serviceFee;
  // With no record yet, no figure is made up (neither the server's nor the review's): the line says it is not known,
  // and the activity holds what came back less the service fee, both read before.
  const recorded = await api.pause(ownerChangeWhenRecorded(connection, run.owner, signatures, (ms) => api.delay(ms)));
  const net = recorded ?? back - fee;
  const parts = recoveredParts(
    exactSol(back - principal - rewards),
    principal > 0 ? exactSol(principal) : null,
    rewards > 0 ? exactSol(rewards) : null,
    exactSol(fee),
    exactSol(back - fee - net),
  );
  const done = recorded === undefined ? T.donePending : T.done(exactSol(net), parts);
  const activity: NewActivity[] = [];
  if (back > 0)
    activity.push({
      type: 'recovery',
      title: T.title,
      description: done,
      lamports: net,
      transactions: landedCount,
      timestamp: Date.now(),
      signature: signatures[signatures.length - 1],
    });
  const deactivated = landedActions.filter((a) => a.action === 'deactivate');
  if (deactivated.length > 0) {
    const slot = await api.pause(connection.getSlot('confirmed'));
    for (const [i, a] of deactivated.entries())
      activity.push({
        type: 'table-deactivated',
        title: recoveryKindName('lookupTable'),
        description: T.deactivated,
        lamports: 0,
        // The transactions are counted once: by the recovery's entry, else by the first deactivation.
        transactions: back > 0 || i > 0 ? 0 : landedCount,
        timestamp: Date.now(),
        address: a.address,
        readySlot: slot + TABLE_COOLDOWN_SLOTS,
      });
  }
  const message = back > 0 ? done : deactivated.length > 0 ? T.deactivated : T.revoked;
  return { ok: true, message: partWay ? `${partWay} ${message}` : message, activity };
}
