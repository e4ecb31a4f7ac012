// The vacant-burn steps of docs/PRODUCT.md#close-vacant-accounts, #error-texts: list → prepare → guard → one approval → submit → report.
// Pure of Redux: the listener passes the calls in, so a test can run the flow against a real server.
import type { Transaction } from '@solana/web3.js';
import { describeApiError } from '../../../api/apiError';
import { errorDetail } from '../../../chain/classifyError';
import { classifyError } from '../../../common/classifyError';
import { serviceFee } from '../../../chain/fees';
import { exactSol } from '../../../chain/format';
import {
  VACANT_CONTINUE,
  VACANT_ERRORS,
  VALIDATION,
  WALLET_MODES,
  vacantFetchError,
  vacantPrepareError,
  surplusSuccessReport,
  vacantLandedPartWay,
  vacantSubmitError,
  vacantSuccessReport,
  vacantWithSurplusReport,
} from '../../../common/texts';
import type { WalletPort } from '../../../app/walletPort';
import { signAndSend, signingModeFor, type SigningStep } from '../../wallet/wallet';
import { canSignOrSend } from '../../wallet/wallet';
import { submitToServer } from '../../wallet/wallet/signingSteps';
import {
  GuardRefusedError,
  SendFailedError,
  SigningPathError,
  SigningRejectedError,
  SigningStoppedError,
  errorInfo,
  isAbort,
} from '../../wallet/wallet';
import type { GuardStep, SigningRequest } from '../../wallet/wallet';
import { type ChainGuardIntent, GuardRefusedWithTextError } from '../../wallet/wallet/chainGuardStep';
import { BUILT_WALLETS, type ServerWallets } from '../../../common/builtWallets';
import { pinnedRelayer } from '../../../common/builtRelayer';
import { legacyTransactions } from '../../wallet/wallet/serverTransactions';
import { surplusSourcesIn } from '../../../chain/surplusCheck';
import type { VacantResult, VacantStep } from './vacantSlice';
import { type RoundEnd, addRound, roundAnswered, roundThrew, shouldReprepare, stillToClose } from './continueRecovery';
import type {
  PrepareBurnTransactionsResponse as PrepareBody,
  SkippedVacantAccount,
  SubmitBurnTransactionResponse as SubmitBody,
  VacantAccountsResponse as VacantListBody,
} from '../../../common/api';

export interface VacantFlowDeps {
  wallet: WalletPort;
  list(ownerAddress: string): Promise<VacantListBody>;
  prepare(
    ownerAddress: string,
    accounts: string[],
    options?: { relayFee?: boolean; surplusOnly?: boolean },
  ): Promise<PrepareBody>;
  /** Kept accounts hold surplus (PRODUCT difference 13): with nothing to close, the recovery withdraws only that. */
  surplusAvailable?(): boolean;
  /** PRODUCT difference 15: whether to let the server's relayer pay the fee (user's choice, or the owner cannot pay), and its address. */
  relay?: {
    requested(): boolean;
    ownerCannotPay(owner: string, transactions: string[]): Promise<boolean>;
    address(): Promise<string | null>;
  };
  submit(signed: string[], accountCount: number): Promise<SubmitBody>;
  /** The owner's wallet sent them itself: the server reads the figures of these signatures from the chain. */
  record(signatures: string[], accountCount: number): Promise<SubmitBody>;
  /** The server's /api/config wallets: compared with the ones this page was built for, never used. */
  serverWallets(): Promise<ServerWallets>;
  /** The chain-reading guard step (src/features/wallet/wallet/chainGuardStep.ts) over the page's own connection. */
  chainGuard(intent: ChainGuardIntent, serverWallets: ServerWallets): GuardStep;
  /** The listener's delay (times the 120 s signing limit); rejects when the run is cancelled. */
  delay(ms: number): Promise<void>;
  step(step: VacantStep): void;
  /**
   * The review dialog (vacantReview.ts): resolves with the figures the user confirmed, rejects with
   * ReviewCancelledError when they cancel. Without it (tests of the bare flow) nothing is reviewed.
   */
  review?(plan: {
    owner: string;
    txs: Transaction[];
    skipped: SkippedVacantAccount[];
    relayed: boolean;
  }): Promise<{ solChangeLamports: number; networkFeeLamports: number }>;
  /** Wraps every wait so an abandoned run (Reset) stops at once; rejects when the run was cancelled. */
  pause?<T>(promise: Promise<T>): Promise<T>;
  /** Says on screen that the run goes on after an expiry (null: nothing to say). */
  progress?(text: string | null): void;
}

export type VacantOutcome =
  | { ok: true; result: VacantResult; alert: string }
  | { ok: false; alert: string; error?: { name: string; message: string } };

/** SOL with every lamport shown ('0.01230576'), for the banner and the success alert. */
const fail = (alert: string, err?: unknown): VacantOutcome => ({
  ok: false,
  alert,
  error: err ? errorInfo(err) : undefined,
});

const STEPS: Record<SigningStep, VacantStep> = {
  checking: 'checking',
  awaitingSignature: 'awaitingSignature',
  sending: 'submitting',
  confirming: 'submitting',
};

/** Server answer `{success:false, error}` or an RTK Query error → the server's text (or ''). */
/** A server answer with `success: false`, thrown so that the failure path reads its `error`. */
class ServerRefusedError extends Error {
  name = 'ServerRefusedError';
  constructor(readonly body: { success: boolean; error?: string }) {
    super(body.error ?? '');
  }
}

function serverText(err: unknown): string {
  if (err instanceof ServerRefusedError) return err.body.error ?? '';
  if (err && typeof err === 'object' && 'success' in err) return String((err as { error?: string }).error ?? '');
  const info = describeApiError(err);
  return info.message && !/^HTTP \d+$/.test(info.message) ? info.message : '';
}

/** docs/PRODUCT.md#error-texts alert for a failure of the signing path (guard, wallet, or the server's submit). */
function signingFailureText(err: unknown): string {
  if (err instanceof GuardRefusedError) return err.message; // GUARD.mismatch, or the precise refusal
  if (err instanceof SigningRejectedError) return VACANT_ERRORS.cancelled;
  if (err instanceof SendFailedError) {
    const text = serverText(err.cause);
    const classified = classifyError(text || err.cause, 'vacant');
    if (classified.kind === 'insufficientFunds' || classified.kind === 'expired') return classified.message;
    return text ? vacantSubmitError(text) : VACANT_ERRORS.unknown;
  }
  return classifyError(err instanceof SigningPathError && err.cause !== undefined ? err.cause : err, 'vacant').message;
}

/** One prepare's transactions: those asked for in one go (`batch`, per the wallet) and the accounts they close. */
interface Round {
  encoded: string[];
  batch: Transaction[];
  accountCount: number;
}

function toRound(encoded: string[], prepared: PrepareBody, inBatch: (txs: Transaction[]) => Transaction[]): Round {
  const batch = inBatch(legacyTransactions(encoded)); // a lookup table or undecodable bytes: the guard's refusal
  const counts = prepared.accountCounts ?? [prepared.accountCount];
  return { encoded, batch, accountCount: counts.slice(0, batch.length).reduce((s, n) => s + n, 0) };
}

/** The signing path's request for one round: the server's blockhash kept, the server sends or records. */
function roundRequest(
  deps: VacantFlowDeps,
  round: Round,
  check: (round: Round) => Promise<void>,
  cosigned: boolean,
): SigningRequest<SubmitBody> {
  return {
    blockhash: 'keep',
    build: async () => round.batch,
    guard: () => check(round),
    cosigned,
    send: submitToServer(
      async (signed) => {
        const body = await deps.submit(signed, round.accountCount);
        // Stopped part-way (a relayed transaction that did not land stops the rest): what landed is reported.
        if (!body.success && !body.signatures?.length) throw new ServerRefusedError(body);
        return body;
      },
      { signatures: cosigned ? 'owner' : 'all' },
    ),
    sent: async (signatures) => {
      try {
        const body = await deps.record(signatures, round.accountCount);
        if (!body.success) throw new ServerRefusedError(body);
        return body;
      } catch (err) {
        if (err instanceof SigningPathError || isAbort(err)) throw err;
        throw new SendFailedError(undefined, err);
      }
    },
  };
}

export async function runVacantBurn(deps: VacantFlowDeps): Promise<VacantOutcome> {
  const owner = deps.wallet.publicKey;
  if (!owner || !canSignOrSend(deps.wallet)) return fail(VALIDATION.connectWalletFirst);

  deps.step('fetching');
  let listed: VacantListBody;
  try {
    listed = await deps.list(owner);
    if (!listed.success) return fail(listed.error ? vacantFetchError(listed.error) : VACANT_ERRORS.fetchFailed);
  } catch (err) {
    const text = serverText(err);
    return fail(text ? vacantFetchError(text) : VACANT_ERRORS.fetchFailed, err);
  }
  const accounts = listed.vacantAccounts ?? [];
  const surplusOnly = accounts.length === 0 && !!deps.surplusAvailable?.();
  if (accounts.length === 0 && !surplusOnly) return fail(VACANT_ERRORS.noneFound);

  deps.step('preparing');
  let prepared: PrepareBody;
  let server: ServerWallets;
  try {
    [prepared, server] = await Promise.all([
      deps.prepare(
        owner,
        accounts.map((a) => a.address),
        { surplusOnly },
      ),
      deps.serverWallets(),
    ]);
    if (!prepared.success || !prepared.transaction) throw new ServerRefusedError(prepared);
  } catch (err) {
    return fail(vacantPrepareError(serverText(err) || errorDetail(err) || VACANT_ERRORS.unknown), err);
  }
  let encoded = prepared.transactions?.length ? prepared.transactions : [prepared.transaction];
  let relayer: string | null | undefined; // undefined: the owner pays; else what the server's /api/relayer names
  try {
    if (deps.relay && (deps.relay.requested() || (await deps.relay.ownerCannotPay(owner, encoded)))) {
      // The relayer signs after the owner: a wallet that only signs-and-sends cannot take part. Said before anything
      // is signed or even built for it, with what does work (PRODUCT, "Which request your wallet sees").
      const relayed = signingModeFor(deps.wallet, { cosigned: true, transactions: encoded.length, acceptsSent: false });
      if (relayed.kind === 'unsupported') return fail(WALLET_MODES.cosignedNeedsSignOnly);
      [prepared, relayer] = await Promise.all([
        deps.prepare(
          owner,
          accounts.map((a) => a.address),
          { relayFee: true, surplusOnly },
        ),
        deps.relay.address(),
      ]);
      if (!prepared.success || !prepared.transaction) throw new ServerRefusedError(prepared);
      encoded = prepared.transactions?.length ? prepared.transactions : [prepared.transaction];
    }
  } catch (err) {
    return fail(vacantPrepareError(serverText(err) || errorDetail(err) || VACANT_ERRORS.unknown), err);
  }
  // The server built these with its blockhash: the path keeps it (no re-sign). The wallet sends them itself where it
  // can and nobody signs after the owner; else the server sends what the owner signed (and the relayer co-signs).
  // One request for all (PRODUCT difference 6); a wallet that signs one at a time gets the first (the spec's behaviour).
  const cosigned = relayer !== undefined;
  let relayerAddress: string | undefined;
  const inBatch = (txs: Transaction[]) => {
    const mode = signingModeFor(deps.wallet, { cosigned, transactions: txs.length, acceptsSent: true });
    return mode.kind === 'signAndSend' || (mode.kind === 'signOnly' && mode.all) ? txs : txs.slice(0, 1);
  };
  let round: Round;
  try {
    round = toRound(encoded, prepared, inBatch);
  } catch (err) {
    return fail(signingFailureText(err), err);
  }
  const batch = round.batch;
  const batchAccounts = round.accountCount;
  const withSurplus = surplusSourcesIn(encoded).length > 0;
  // Fee wallet and relayer from the build (a server naming others is refused); every figure — closed accounts'
  // lamports, surplus above the chain's rent minimum — from the page's own chain reading and a simulation (PRODUCT
  // difference 10). A round prepared again after an expiry is checked the same way, against the same accounts.
  const checkRound = async (r: Round) => {
    try {
      if (relayer !== undefined) relayerAddress = pinnedRelayer({ relayer, localnet: server.localnet });
    } catch (err) {
      throw new GuardRefusedWithTextError('relayer not pinned', (err as Error).message, err);
    }
    await deps.chainGuard(
      {
        owner,
        kind: 'closeVacant',
        allowedAccounts: accounts.map((a) => a.address),
        feeWallet: BUILT_WALLETS.feeWallet,
        // Each source is checked on chain by the guard's surplus rule (owner's account or mint, surplus above rent).
        surplusSources: surplusSourcesIn(r.encoded),
        ...(relayerAddress ? { relayer: relayerAddress } : {}),
      },
      server,
    )(r.batch);
  };
  // The review (same dialog as the burns) after the guard has passed: nothing is signed before the user confirms.
  let reviewed: { solChangeLamports: number; networkFeeLamports: number } | undefined;
  if (deps.review) {
    try {
      await checkRound(round);
      reviewed = await deps.review({
        owner,
        txs: batch,
        skipped: listed.skippedAccounts ?? [],
        relayed: relayer !== undefined,
      });
    } catch (err) {
      if (isAbort(err)) throw err;
      if ((err as Error)?.name === 'ReviewCancelledError') return fail(VACANT_ERRORS.reviewCancelled);
      return fail(signingFailureText(err), err);
    }
  }
  const signRound = async (r: Round): Promise<RoundEnd> => {
    try {
      return roundAnswered(await signAndSend(signingDeps, roundRequest(deps, r, checkRound, cosigned)));
    } catch (err) {
      if (isAbort(err)) throw err;
      return roundThrew(err);
    }
  };
  const signingDeps = {
    wallet: deps.wallet,
    delay: (ms: number) => deps.delay(ms),
    pause: deps.pause,
    onStep: (step: SigningStep) => deps.step(STEPS[step]),
  };
  // Each round's blockhash may run out part-way: the rest is prepared again from the chain (only what is still there
  // to close or withdraw), checked, and asked for — a bounded number of times (continueRecovery.ts).
  let submitted: SubmitBody | undefined;
  let end: RoundEnd;
  let stopped: string | undefined;
  for (let reprepares = 0; ; reprepares++) {
    end = await signRound(round);
    submitted = addRound(submitted, end.landed);
    if (!shouldReprepare(reprepares, end)) break;
    const landedSoFar = submitted.signatures?.length ?? 0;
    deps.progress?.(VACANT_CONTINUE.continuing(landedSoFar, reprepares + 1));
    deps.step('preparing');
    try {
      const again = await deps.list(owner);
      if (!again.success) throw new ServerRefusedError(again);
      const rest = stillToClose(
        accounts.map((a) => a.address),
        (again.vacantAccounts ?? []).map((a) => a.address),
      );
      if (rest.length === 0 && !withSurplus) {
        end = { landed: end.landed, expired: false };
        break;
      }
      const next = await deps.prepare(owner, rest, { relayFee: cosigned, surplusOnly: rest.length === 0 });
      // Nothing left to close or withdraw: everything landed after all.
      if (!next.success || !next.transaction) {
        end =
          rest.length === 0 ? { landed: end.landed, expired: false } : { ...end, error: new ServerRefusedError(next) };
        break;
      }
      round = toRound(next.transactions?.length ? next.transactions : [next.transaction], next, inBatch);
    } catch (err) {
      if (isAbort(err)) throw err;
      end = { ...end, error: err };
      break;
    }
  }
  deps.progress?.(null);
  const landedCount = submitted.signatures?.length ?? 0;
  if (end.expired || end.error !== undefined) {
    const unlanded = Math.max(round.batch.length - (end.landed.signatures?.length ?? 0), 1);
    const reason =
      end.error instanceof SigningStoppedError
        ? undefined
        : end.error === undefined
          ? VACANT_ERRORS.expired
          : end.error && typeof end.error === 'object' && 'success' in end.error
            ? vacantSubmitError((end.error as SubmitBody).error ?? VACANT_ERRORS.unknown)
            : signingFailureText(end.error);
    // Nothing landed at all: the failure alone, as before any round went on.
    if (landedCount === 0) return fail(reason ?? (end.error as Error).message, end.error);
    stopped =
      reason === undefined
        ? (end.error as SigningStoppedError).message
        : vacantLandedPartWay(reason, landedCount, landedCount + unlanded);
  }
  const recovered = submitted.recoveredRentLamports ?? Math.round((submitted.recoveredRent ?? 0) * 1e9);
  const fee = submitted.serviceFeeLamports ?? serviceFee(recovered);
  const result: VacantResult = {
    accountCount: submitted.accountCount ?? batchAccounts,
    recoveredLamports: recovered,
    serviceFeeLamports: fee,
    // The network fee as the chain charged it (a priority fee the wallet added included): the owner's balance change
    // the server read is what came back less the service fee and that fee. Without it, the review's figure.
    ...(submitted.ownerBalanceChangeLamports !== undefined
      ? { networkFeeLamports: recovered - fee - submitted.ownerBalanceChangeLamports }
      : reviewed
        ? { networkFeeLamports: reviewed.networkFeeLamports }
        : {}),
    signature: submitted.signature ?? '',
    signatures: submitted.signatures ?? (submitted.signature ? [submitted.signature] : []),
  };
  // What reached the wallet: rent and surplus back, less the service fee and the network fee.
  const back = exactSol(recovered - fee - (result.networkFeeLamports ?? 0));
  const surplus = submitted.surplusRecoveredLamports ?? 0;
  const report =
    result.accountCount === 0
      ? surplusSuccessReport(back)
      : surplus > 0
        ? vacantWithSurplusReport(result.accountCount, submitted.surplusAccountCount ?? 0, exactSol(surplus), back)
        : vacantSuccessReport(result.accountCount, back);
  return { ok: true, result, alert: stopped ? `${stopped} ${report}` : report };
}
