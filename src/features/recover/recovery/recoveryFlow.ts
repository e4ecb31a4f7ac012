// The recovery of the chosen sources (PRODUCT difference 19): prepare on the server → the chain-reading guard (every
// figure from the page's own reading of the chain, never the server's answer: PRODUCT difference 10) → the review
// dialog with the guard's figures and the chain's simulation → one wallet request → sent like every recovery (the
// wallet sends it itself, or the server does). Loaded with the first recovery (burn-flows chunk).
import type { Transaction } from '@solana/web3.js';
import { configApi } from '../../../api/configApi';
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import type { ChainGuardReport } from '../../../chain/chainGuard';
import { decodeTransaction } from '../../../chain/decode';
import { classifyError } from '../../../common/classifyError';
import { exactSol } from '../../../chain/format';
import { BUILT_WALLETS } from '../../../common/builtWallets';
import type { RecoveryActionReport, SubmitBurnTransactionResponse } from '../../../common/api';
import { vacantLandedPartWay } from '../../../common/texts';
import { RECOVERY_SECTION as T, recoveredParts } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import type { NewActivity } from '../../activity/activity';
import { reviewBeforeSigning } from '../../burn/review/reviewStep';
import { requireConnection } from '../../../app/requireConnection';
import { vacantEffects } from '../vacant/vacantReview';
import { vacantApi } from '../vacant/vacantApi';
import { chainGuardStep } from '../../wallet/wallet/chainGuardStep';
import { ownerChangeWhenRecorded } from '../../wallet/wallet/landedChange';
import { legacyTransactions } from '../../wallet/wallet/serverTransactions';
import { signAndSend, signingModeFor } from '../../wallet/wallet';
import { submitToServer } from '../../wallet/wallet/signingSteps';
import {
  GuardRefusedError,
  SendFailedError,
  SigningPathError,
  SigningStoppedError,
  isAbort,
} from '../../wallet/wallet';
import { recoveryApi } from './recoveryApi';
import type { RecoveryAsk } from './recoverySlice';
import { TABLE_COOLDOWN_SLOTS } from '../../../common/constants';
import { surplusSourcesIn } from '../../../chain/surplusCheck';

/** The guard's refusal and a cancelled review say so in their own words; anything else as the recoveries word it. */
export function recoveryFailureText(err: unknown): string {
  if ((err as Error)?.name === 'ReviewCancelledError') return T.cancelled;
  if (err instanceof GuardRefusedError) return err.message;
  if (err instanceof SendFailedError && err.cause !== undefined) return classifyError(err.cause, 'vacant').message;
  return classifyError(err, 'vacant').message;
}

export interface RecoveryOutcome {
  ok: boolean;
  message: string;
  activity: NewActivity[];
}

const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

/** The server's report of what it built, narrowed to the accounts the batch's transactions actually name. */
function actionsIn(batch: readonly Transaction[], actions: RecoveryActionReport[]): RecoveryActionReport[] {
  const named = new Set(batch.flatMap((tx) => decodeTransaction(tx).instructions.flatMap((ix) => ix.accounts)));
  const keys = new Set([...named].map((a) => a.pubkey));
  return actions.filter((a) => keys.has(a.address));
}

/**
 * The server's answer. One that stopped part-way (some transactions landed, then one did not: a relayed or sent
 * transaction that fails stops the rest) is kept, whatever its HTTP status, so the report can say what landed.
 */
async function unwrapSubmit(call: Promise<SubmitBurnTransactionResponse>): Promise<SubmitBurnTransactionResponse> {
  let body: SubmitBurnTransactionResponse | undefined;
  try {
    body = await call;
  } catch (err) {
    if (err instanceof SigningPathError || isAbort(err)) throw err;
    body = (err as { data?: SubmitBurnTransactionResponse }).data;
    if (!body?.signatures?.length) throw new SendFailedError(undefined, err);
  }
  if (!body.success && !body.signatures?.length)
    throw new SendFailedError(undefined, new Error(body.error ?? 'the server refused the transactions'));
  return body;
}

/**
 * One recovery, whichever view asked: "More SOL" (the chosen accounts, guard kind `recover`) or Recover everything
 * (the whole plan less what was unticked, guard kind `recoverAll`, docs/PRODUCT.md#recover-everything).
 */
export async function runRecovery(api: AppListenerEffectAPI, ask: RecoveryAsk): Promise<RecoveryOutcome> {
  const wallet = api.extra.wallet;
  const owner = wallet.publicKey;
  if (!owner) return { ok: false, message: T.failed('connect a wallet first'), activity: [] };
  const everything = ask.scope === 'everything';
  const addresses = ask.scope === 'everything' ? ask.allowed : ask.addresses;
  const except = ask.scope === 'everything' ? ask.except : [];
  const body = everything
    ? { ownerAddress: owner, everything: true as const, except }
    : { ownerAddress: owner, accounts: addresses };
  const [prepared, serverWallets] = await api.pause(
    Promise.all([
      api.dispatch(recoveryApi.endpoints.prepareRecovery.initiate(body)),
      api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap(),
    ]),
  );
  if ('error' in prepared) {
    const error = prepared.error as { data?: { error?: string } };
    return { ok: false, message: T.failed(error.data?.error ?? 'the server refused'), activity: [] };
  }
  const txs = legacyTransactions(prepared.data.transactions); // a lookup table or undecodable bytes: refused
  // One request for all where the wallet can (PRODUCT difference 6); a wallet that signs one at a time gets the first.
  const mode = signingModeFor(wallet, { transactions: txs.length, acceptsSent: true });
  const batch = mode.kind === 'signAndSend' || (mode.kind === 'signOnly' && mode.all) ? txs : txs.slice(0, 1);
  const actions = actionsIn(batch, prepared.data.actions);
  const connection = requireConnection(api.extra);
  let checked: ChainGuardReport | undefined;
  const guard = chainGuardStep(
    connection,
    {
      owner,
      kind: everything ? 'recoverAll' : 'recover',
      allowedAccounts: addresses,
      feeWallet: BUILT_WALLETS.feeWallet,
      // Each surplus source is then read on chain by the surplus rule (the owner's account or mint, above rent).
      ...(everything ? { surplusSources: surplusSourcesIn(batch) } : {}),
    },
    { serverWallets, dispatch: api.dispatch, onChecked: (report) => (checked = report) },
  );
  let stopped: SigningStoppedError | undefined;
  let cutShort: SigningPathError | undefined;
  const submitted = await signAndSend(
    { wallet, delay: (ms) => api.delay(ms), pause: api.pause },
    {
      blockhash: 'keep', // server-built: the server checks that what comes back is what it prepared
      build: async () => batch,
      guard,
      // The review shows the guard's figures (returns read from the chain) and the decoded service fee; the dialog
      // compares them with the chain's simulation of these very transactions.
      review: async (signing) => {
        const plan = everything ? recoveryApi.endpoints.getRecoveryPlan.select(owner)(api.getState()).data : undefined;
        // Only "Recover everything" shows these lines: their code loads with its section, out of the connected set.
        const lines =
          everything && checked ? await import(/* webpackChunkName: "recovery" */ './everythingReview') : null;
        await reviewBeforeSigning(api, {
          ...(lines && checked
            ? {
                perKind: lines.kindLines(signing, actions, checked, BUILT_WALLETS.feeWallet),
                leftAlone: lines.leftAloneLines(plan, except),
                later: lines.laterLines(plan, except),
              }
            : {}),
          owner,
          txs: signing,
          destroyed: [],
          // One account may be two items (a revoke and a surplus withdrawal): each its own line.
          closed: actions.map((a) => ({
            mint: `${a.kind} ${a.address}`,
            label: `${recoveryKindName(a.kind)} ${short(a.address)}`,
          })),
          closedTitle: actions.every((a) => a.action === 'revoke') ? T.reviewRevokes : T.reviewItems,
          rentLamports: (checked?.transactions ?? []).reduce((s, t) => s + t.returnsLamports, 0),
          principalLamports: (checked?.transactions ?? []).reduce(
            (s, t) => s + t.returnsLamports - t.feeBaseLamports,
            0,
          ),
          rewardsLamports: (checked?.transactions ?? []).reduce((s, t) => s + t.rewardsLamports, 0),
          serviceFeeLamports: vacantEffects(signing, BUILT_WALLETS.feeWallet).serviceFee,
        });
      },
      send: submitToServer((signed) =>
        unwrapSubmit(
          api.dispatch(vacantApi.endpoints.submitBurnTransaction.initiate({ signedTransactions: signed })).unwrap(),
        ),
      ),
      sent: (sentSignatures) =>
        unwrapSubmit(api.dispatch(vacantApi.endpoints.submitBurnTransaction.initiate({ sentSignatures })).unwrap()),
    },
  ).catch((err: unknown) => {
    // One transaction per request, ended early: what was sent before is reported as the chain has it.
    if (err instanceof SigningStoppedError && err.result) {
      stopped = err;
      return err.result as SubmitBurnTransactionResponse;
    }
    // One request the wallet sent only in part (the rest expired or was refused): what it sent is reported too.
    if (!(err instanceof SigningPathError && err.landedPart)) throw err;
    cutShort = err;
    return err.landedPart as SubmitBurnTransactionResponse;
  });
  // What landed, in order (each is confirmed before the next is sent): ended early by the wallet (one per request) or
  // by the server (a transaction that did not land stops the rest).
  const signatures = submitted.signatures ?? (submitted.signature ? [submitted.signature] : []);
  const landedCount = stopped ? stopped.sent : submitted.success && !cutShort ? batch.length : signatures.length;
  const landed = batch.slice(0, landedCount);
  const partWay = cutShort
    ? vacantLandedPartWay(
        T.failed(classifyError(cutShort.cause ?? cutShort, 'vacant').message),
        landedCount,
        batch.length,
      )
    : submitted.success
      ? stopped?.message
      : vacantLandedPartWay(T.failed(submitted.error ?? 'a transaction did not land'), landedCount, batch.length);
  const landedActions = actionsIn(landed, prepared.data.actions);
  // Every part from the page's own reading: returns and principal from the guard's reading of the chain, the service
  // fee decoded from the landed transactions, the gain from the chain's record of them (getTransaction's balances).
  const estimates = (checked?.transactions ?? []).slice(0, landedCount);
  const back = estimates.reduce((s, t) => s + t.returnsLamports, 0);
  const principal = estimates.reduce((s, t) => s + t.returnsLamports - t.feeBaseLamports, 0);
  const rewards = estimates.reduce((s, t) => s + t.rewardsLamports, 0);
  const fee = vacantEffects(landed, BUILT_WALLETS.feeWallet).serviceFee;
  // With no record yet, no figure is made up (neither the server's nor the review's): the line says it is not known,
  // and the activity holds what came back less the service fee, both read before.
  const recorded = await api.pause(ownerChangeWhenRecorded(connection, owner, signatures, (ms) => api.delay(ms)));
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
