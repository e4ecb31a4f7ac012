// The recovery of the chosen sources (PRODUCT difference 19) as listener steps: prepare (the server builds the
// transactions) → guard (every figure from the page's own reading of the chain, never the server's answer: PRODUCT
// difference 10) → signAndSend (the review dialog with the guard's figures and the chain's simulation, one wallet
// request, sent like every recovery) → report (recoveryReport.ts). Loaded with the first recovery (burn-flows chunk).
import type { Transaction } from '@solana/web3.js';
import { configApi } from '../../../api/configApi';
import { type AppListenerEffectAPI, listenerCall } from '../../../app/listenerMiddleware';
import type { ChainGuardReport } from '../../../chain/chainGuard';
import { classifyError } from '../../../common/classifyError';
import { BUILT_WALLETS } from '../../../common/builtWallets';
import type { ConfigResponse, RecoveryActionReport, SubmitBurnTransactionResponse } from '../../../common/api';
import { RECOVERY_SECTION as T } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import { reviewBeforeSigning } from '../../burn/review/reviewStep';
import { requireConnection } from '../../../app/requireConnection';
import { vacantEffects } from '../vacant/vacantReview';
import { vacantApi } from '../vacant/vacantApi';
import { chainGuardStep } from '../../wallet/wallet/chainGuardStep';
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
import type { PlanItemKey, RecoveryAsk } from './recoverySlice';
import { actionsIn, reportStep, type RecoveryOutcome } from './recoveryReport';
import { surplusSourcesIn } from '../../../chain/surplusCheck';

/** The guard's refusal and a cancelled review say so in their own words; anything else as the recoveries word it. */
export function recoveryFailureText(err: unknown): string {
  if ((err as Error)?.name === 'ReviewCancelledError') return T.cancelled;
  if (err instanceof GuardRefusedError) return err.message;
  if (err instanceof SendFailedError && err.cause !== undefined) return classifyError(err.cause, 'vacant').message;
  return classifyError(err, 'vacant').message;
}

const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

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

/** The run as the steps see it: whichever view asked, and the batch this wallet request signs. */
export interface RecoveryRun {
  api: AppListenerEffectAPI;
  owner: string;
  /** Recover everything (guard kind `recoverAll`), else "More SOL" (the chosen accounts, guard kind `recover`). */
  everything: boolean;
  addresses: string[];
  except: PlanItemKey[];
  batch: Transaction[];
  /** What the server says it built, every transaction's (`actionsIn` narrows it to a batch). */
  actions: RecoveryActionReport[];
  serverWallets: ConfigResponse;
}

/** prepare: the server builds the transactions; a wallet that signs one at a time gets the first. */
async function prepareStep(api: AppListenerEffectAPI, ask: RecoveryAsk, owner: string): Promise<RecoveryRun | string> {
  const everything = ask.scope === 'everything';
  const addresses = ask.scope === 'everything' ? ask.allowed : ask.addresses;
  const except = ask.scope === 'everything' ? ask.except : [];
  const body = everything
    ? { ownerAddress: owner, everything: true as const, except }
    : { ownerAddress: owner, accounts: addresses };
  let prepared;
  try {
    prepared = await listenerCall(api, () =>
      api.dispatch(recoveryApi.endpoints.prepareRecovery.initiate(body)).unwrap(),
    );
  } catch (err) {
    if (isAbort(err)) throw err;
    return T.failed((err as { data?: { error?: string } }).data?.error ?? 'the server refused');
  }
  const serverWallets = await listenerCall(api, () =>
    api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap(),
  );
  const txs = legacyTransactions(prepared.transactions); // a lookup table or undecodable bytes: refused
  // One request for all where the wallet can (PRODUCT difference 6); a wallet that signs one at a time gets the first.
  const mode = signingModeFor(api.extra.wallet, { transactions: txs.length, acceptsSent: true });
  const batch = mode.kind === 'signAndSend' || (mode.kind === 'signOnly' && mode.all) ? txs : txs.slice(0, 1);
  return { api, owner, everything, addresses, except, batch, actions: prepared.actions, serverWallets };
}

/** guard: the page's own reading of the chain checks the batch; `checked` keeps its figures for the review. */
function guardStep(run: RecoveryRun) {
  const holder: { checked?: ChainGuardReport } = {};
  const guard = chainGuardStep(
    requireConnection(run.api.extra),
    {
      owner: run.owner,
      kind: run.everything ? 'recoverAll' : 'recover',
      allowedAccounts: run.addresses,
      feeWallet: BUILT_WALLETS.feeWallet,
      // Each surplus source is then read on chain by the surplus rule (the owner's account or mint, above rent).
      ...(run.everything ? { surplusSources: surplusSourcesIn(run.batch) } : {}),
    },
    { serverWallets: run.serverWallets, dispatch: run.api.dispatch, onChecked: (report) => (holder.checked = report) },
  );
  return { guard, holder };
}

/** The review shows the guard's figures (returns read from the chain) and the decoded service fee; the dialog
 * compares them with the chain's simulation of these very transactions. */
async function review(run: RecoveryRun, signing: Transaction[], checked: ChainGuardReport | undefined) {
  const { api, owner, everything, except } = run;
  const actions = actionsIn(run.batch, run.actions);
  const plan = everything ? recoveryApi.endpoints.getRecoveryPlan.select(owner)(api.getState()).data : undefined;
  // Only "Recover everything" shows these lines: their code loads with its section, out of the connected set.
  const lines = everything && checked ? await import(/* webpackChunkName: "recovery" */ './everythingReview') : null;
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
    principalLamports: (checked?.transactions ?? []).reduce((s, t) => s + t.returnsLamports - t.feeBaseLamports, 0),
    rewardsLamports: (checked?.transactions ?? []).reduce((s, t) => s + t.rewardsLamports, 0),
    serviceFeeLamports: vacantEffects(signing, BUILT_WALLETS.feeWallet).serviceFee,
  });
}

/** What was sent: the server's answer, or the part a wallet sent before it stopped. */
export interface Submitted {
  answer: SubmitBurnTransactionResponse;
  /** One transaction per request, ended early: what was sent before is reported as the chain has it. */
  stopped?: SigningStoppedError;
  /** One request the wallet sent only in part (the rest expired or was refused). */
  cutShort?: SigningPathError;
}

/** signAndSend: review, one wallet request, sent by the wallet or the server. */
async function signAndSendStep(run: RecoveryRun): Promise<{ submitted: Submitted; checked?: ChainGuardReport }> {
  const { api } = run;
  const { guard, holder } = guardStep(run);
  const submit = (arg: { signedTransactions: string[] } | { sentSignatures: string[] }) =>
    unwrapSubmit(
      listenerCall(api, () => api.dispatch(vacantApi.endpoints.submitBurnTransaction.initiate(arg)).unwrap()),
    );
  const submitted = await signAndSend(
    { wallet: api.extra.wallet, delay: (ms) => api.delay(ms), pause: api.pause },
    {
      blockhash: 'keep', // server-built: the server checks that what comes back is what it prepared
      build: async () => run.batch,
      guard,
      review: (signing) => review(run, signing, holder.checked),
      send: submitToServer((signed) => submit({ signedTransactions: signed })),
      sent: (sentSignatures) => submit({ sentSignatures }),
    },
  ).then(
    (answer): Submitted => ({ answer }),
    (err: unknown): Submitted => {
      if (err instanceof SigningStoppedError && err.result)
        return { answer: err.result as SubmitBurnTransactionResponse, stopped: err };
      if (!(err instanceof SigningPathError && err.landedPart)) throw err;
      return { answer: err.landedPart as SubmitBurnTransactionResponse, cutShort: err };
    },
  );
  return { submitted, checked: holder.checked };
}

/** One recovery, whichever view asked (docs/PRODUCT.md#recover-everything): prepare → guard → signAndSend → report. */
export async function runRecovery(api: AppListenerEffectAPI, ask: RecoveryAsk): Promise<RecoveryOutcome> {
  const owner = api.extra.wallet.publicKey;
  if (!owner) return { ok: false, message: T.failed('connect a wallet first'), activity: [] };
  const run = await prepareStep(api, ask, owner);
  if (typeof run === 'string') return { ok: false, message: run, activity: [] };
  const { submitted, checked } = await signAndSendStep(run);
  return reportStep(run, submitted, checked);
}
