// The one signing path: build → guard → review → fresh blockhash → ONE wallet request within 120 s → send/confirm,
// and one more request for what did not land when a blockhash expired. Burns, vacant, revoke and every cNFT way run
// through `signAndSend`; what differs between them is plugged in as steps:
// - `guard`: an async check of the transactions before the wallet is asked (run once per attempt);
// - `review`: the user's look at what will happen (first attempt only);
// - the wallet request, chosen by signingMode.ts per wallet and flow: sign-and-send (all transactions in one
//   `solana:signAndSendTransaction` call; then `sent` confirms by the returned signatures) or sign-only (then `send`
//   takes the signed transactions to the chain or the server).
// - a wallet that refuses a request carrying several transactions (not the user: Phantom's "Request blocked") is
//   asked once per transaction instead, in order, with progress and a Stop (oneAtATime below); the port's session
//   remembers it, so the next action goes straight to one at a time (docs/PRODUCT.md, "One transaction at a time").
// The wallet is the port from `extra` (src/app/walletPort.ts); waits go through the listener's `delay`.
import type { Connection, Transaction } from '@solana/web3.js';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import type { SendAllOptions, SignInAnswer, WalletPort } from '../../../app/walletPort';
import { CONFIRM_COMMITMENT, SIGNING_TIMEOUT_MS } from '../../../common/constants';
import {
  BlockhashExpiredError,
  GuardRefusedError,
  PartlySentError,
  SigningPathError,
  SigningStoppedError,
  SigningTimedOutError,
  WalletCannotDoFlowError,
  WalletNotReadyError,
  fromSendingWalletError,
  fromWalletError,
  isAbort,
  isBatchRefusal,
} from './signingErrors';
import { type SigningMode, capabilitiesOf, chooseSigningMode } from './signingMode';

export type SigningStep = 'checking' | 'awaitingSignature' | 'sending' | 'confirming';

export interface SigningDeps {
  wallet: WalletPort;
  /** The listener's `delay` (rejects when the listener is cancelled); times the signing limit. */
  delay: (ms: number) => Promise<void>;
  /** Where fresh blockhashes come from (`blockhash: 'fresh'`). */
  connection?: Pick<Connection, 'getLatestBlockhash'>;
  /** Wraps the wallet wait so a cancelled run (a fork's `pause`) stops at once. */
  pause?: <T>(promise: Promise<T>) => Promise<T>;
  onStep?: (step: SigningStep) => void;
}

/** Throws GuardRefusedError (or lets a SigningPathError through) when the transactions are not what was asked. */
export type GuardStep = (txs: readonly Transaction[]) => Promise<void>;

export interface SendContext {
  /** Of a blockhash the path set (`blockhash: 'fresh'`), for confirmTransaction; undefined for one it did not set. */
  lastValidBlockHeight: (blockhash: string | undefined) => number | undefined;
  attempt: number;
  onStep: (step: SigningStep) => void;
  /** Tells the path that transaction k of this attempt landed (never asked again after an expiry). */
  landed: (k: number, signature: string, status: 'confirmed' | 'assumed') => void;
}

/** Sends the signed transactions; throws a SigningPathError (BlockhashExpiredError triggers the one re-sign). */
export type SendStep<R> = (signed: Transaction[], ctx: SendContext) => Promise<R>;

/** After the wallet sent the transactions itself: confirms by its signatures (same order as `txs`), or reports them. */
export type SentStep<R> = (signatures: string[], txs: Transaction[], ctx: SendContext) => Promise<R>;

export interface SigningRequest<R> {
  /**
   * The transactions of an attempt. Attempt 0 builds the whole flow; after an expiry, `pending` names (by their index
   * in attempt 0) the ones that did not land, and build returns exactly those, in that order (reused or rebuilt).
   */
  build: (attempt: number, pending?: readonly number[]) => Promise<Transaction[]>;
  /** 'fresh': the path sets a new blockhash each attempt and asks once more on expiry; 'keep': server-built, as is. */
  blockhash: 'fresh' | 'keep';
  guard: GuardStep;
  /** The user's review of what will happen, after the guard and before the wallet (first attempt only). */
  review?: (txs: Transaction[]) => Promise<unknown>;
  /** Someone signs after the owner (the relayer pays the fee): the wallet is asked to sign only. */
  cosigned?: boolean;
  /** After a sign-only answer. */
  send: SendStep<R>;
  /** After a sign-and-send answer; absent: this flow cannot use what a wallet sends itself (sign-only then). */
  sent?: SentStep<R>;
  /** How the wallet should send (sign-and-send); `mode: 'serial'` where a later transaction needs an earlier one. */
  sendOptions?: SendAllOptions;
  /** Told of every transaction that landed, by its index in attempt 0. */
  onLanded?: (index: number, signature: string, status: 'confirmed' | 'assumed') => void;
}

export const canSignAll = (wallet: WalletPort): boolean => typeof wallet.signAllTransactions === 'function';
/** Sign-only: the wallet can sign a transaction without sending it. */
export const canSign = (wallet: WalletPort): boolean =>
  typeof wallet.signTransaction === 'function' || canSignAll(wallet);
/** One request for every transaction of a flow: sign-and-send, or sign-only with signAllTransactions. */
export const canDoAllAtOnce = (wallet: WalletPort): boolean =>
  typeof wallet.signAndSendAll === 'function' || canSignAll(wallet);

/** The request a flow of this shape makes of this wallet (signingMode.ts). */
export const signingModeFor = (
  wallet: WalletPort,
  flow: { cosigned?: boolean; transactions: number; acceptsSent: boolean },
): SigningMode => chooseSigningMode(capabilitiesOf(wallet), { cosigned: !!flow.cosigned, ...flow });

/** Races a wallet request against the 120 s limit; maps what the wallet throws into the family. */
async function withinLimit<T>(deps: SigningDeps, request: () => Promise<T>): Promise<T> {
  const limit = deps.delay(SIGNING_TIMEOUT_MS).then(() => {
    throw new SigningTimedOutError();
  });
  limit.catch(() => undefined); // the listener's cancellation also rejects it; never unhandled
  const race = Promise.race([request(), limit]);
  try {
    return await (deps.pause ? deps.pause(race) : race);
  } catch (err) {
    if (isAbort(err)) throw err;
    throw fromWalletError(err);
  }
}

/** One wallet approval for all `txs` when the wallet can (one transaction: its single-sign), else one by one. */
export async function signWithinLimit(deps: SigningDeps, txs: Transaction[]): Promise<Transaction[]> {
  const { wallet } = deps;
  if (!wallet.publicKey || !canSign(wallet))
    throw new WalletNotReadyError('Wallet connection error: the wallet cannot sign transactions');
  return withinLimit(deps, async () => {
    if (txs.length === 1 && wallet.signTransaction) return [await wallet.signTransaction(txs[0])];
    if (wallet.signAllTransactions) return wallet.signAllTransactions(txs);
    const out: Transaction[] = [];
    for (const tx of txs) out.push(await wallet.signTransaction!(tx));
    return out;
  });
}

/** A signed message (authorisations) under the same limit and error family. */
export async function signMessageWithinLimit(deps: SigningDeps, message: Uint8Array): Promise<Uint8Array> {
  const { wallet } = deps;
  if (!wallet.publicKey || !wallet.signMessage)
    throw new WalletNotReadyError('Wallet connection error: the wallet cannot sign messages');
  return withinLimit(deps, () => wallet.signMessage!(message));
}

/** A Sign In With Solana answer (`solana:signIn`) under the same limit and error family. */
export async function signInWithinLimit(deps: SigningDeps, input: SolanaSignInInput): Promise<SignInAnswer> {
  const { wallet } = deps;
  if (!wallet.publicKey || !wallet.signIn)
    throw new WalletNotReadyError('Wallet connection error: the wallet cannot sign in');
  return withinLimit(deps, () => wallet.signIn!(input));
}

/** The blockhashes the path set this attempt, each with its last valid block height. */
type FreshBlockhashes = Map<string, number>;

async function setFreshBlockhash(deps: SigningDeps, txs: Transaction[], fresh: FreshBlockhashes): Promise<void> {
  if (!deps.connection) throw new WalletNotReadyError('No chain connection available');
  const { blockhash, lastValidBlockHeight } = await deps.connection.getLatestBlockhash(CONFIRM_COMMITMENT);
  fresh.set(blockhash, lastValidBlockHeight);
  for (const tx of txs) {
    tx.recentBlockhash = blockhash;
    tx.signatures = tx.signatures.map((s) => ({ publicKey: s.publicKey, signature: null }));
  }
}

async function runGuard(guard: GuardStep, txs: Transaction[]): Promise<void> {
  try {
    await guard(txs);
  } catch (err) {
    if (err instanceof SigningPathError || isAbort(err)) throw err;
    throw new GuardRefusedError((err as Error)?.message ?? String(err), err);
  }
}

/** Signs and sends all `txs` with one wallet request; resolves with their signatures, in order. */
async function signAndSendWithinLimit(deps: SigningDeps, txs: Transaction[], options?: SendAllOptions) {
  const { wallet } = deps;
  if (!wallet.publicKey || !wallet.signAndSendAll)
    throw new WalletNotReadyError('Wallet connection error: the wallet cannot send transactions');
  return withinLimit(deps, () => wallet.signAndSendAll!(txs, options)).catch((err: unknown) => {
    throw err instanceof PartlySentError || isAbort(err) ? err : fromSendingWalletError(err);
  });
}

type Answer = { kind: 'sent'; signatures: string[] } | { kind: 'signed'; signed: Transaction[] };

/** The one wallet request for all `txs` in the chosen mode. */
async function askWallet<R>(deps: SigningDeps, request: SigningRequest<R>, mode: SigningMode, txs: Transaction[]) {
  if (mode.kind === 'signAndSend')
    return { kind: 'sent', signatures: await signAndSendWithinLimit(deps, txs, request.sendOptions) } as const;
  return { kind: 'signed', signed: await signWithinLimit(deps, txs) } as const;
}

/** Hands what the wallet answered to the flow's step: confirm by signatures, or send what it signed. */
function handOn<R>(request: SigningRequest<R>, answer: Answer, txs: Transaction[], ctx: SendContext): Promise<R> {
  ctx.onStep('sending');
  return answer.kind === 'sent' ? request.sent!(answer.signatures, txs, ctx) : request.send(answer.signed, ctx);
}

/**
 * Some of one request's transactions were sent and some refused (per-transaction results): the sent ones are
 * confirmed and reported as usual (landed indexes mapped back), then the first refusal is thrown, carrying the flow's
 * answer for the sent ones (`landedPart`).
 */
async function handOnPart<R>(
  request: SigningRequest<R>,
  err: PartlySentError,
  txs: Transaction[],
  ctx: SendContext,
): Promise<never> {
  const kept = err.signatures.flatMap((signature, k) => (signature ? [{ signature, k }] : []));
  const part: SendContext = { ...ctx, landed: (j, signature, status) => ctx.landed(kept[j].k, signature, status) };
  const sent = { kind: 'sent', signatures: kept.map((x) => x.signature) } as const;
  const result = await handOn(
    request,
    sent,
    kept.map((x) => txs[x.k]),
    part,
  );
  const failure = fromSendingWalletError(err.cause);
  failure.landedPart = result;
  throw failure;
}

/**
 * One transaction per request, in order, for a wallet that refuses batches: "Approve k of n" before each, a Stop
 * honoured between requests (never mid-request: what the wallet is already sending cannot be called back). What
 * was answered is handed to the flow's step in one go; when the run ended early, the flow's answer for those rides
 * on a SigningStoppedError, so it reports exactly what landed.
 * Each approval takes the user's time, and n of them outlast a blockhash (about a minute). Where the page builds the
 * transactions (`blockhash: 'fresh'`), each request gets a blockhash fetched right before it is asked, and one whose
 * blockhash still expired while the user looked at it (nothing of it was sent) is asked once more with a fresh one.
 * Server-built transactions keep the server's: an expiry there ends the run part-way (the flow says so).
 */
async function oneAtATime<R>(
  deps: SigningDeps,
  request: SigningRequest<R>,
  mode: SigningMode,
  txs: Transaction[],
  ctx: SendContext,
  fresh: FreshBlockhashes,
): Promise<R> {
  const session = deps.wallet.session;
  const signatures: string[] = [];
  const signed: Transaction[] = [];
  let reason: unknown;
  let stopped = false;
  try {
    for (const [k, tx] of txs.entries()) {
      if (k > 0 && session?.stopRequested()) {
        stopped = true;
        break;
      }
      session?.asking(k + 1, txs.length);
      try {
        const ask = async () => {
          if (request.blockhash === 'fresh' && k > 0) await setFreshBlockhash(deps, [tx], fresh);
          return askWallet(deps, request, mode, [tx]);
        };
        const answer = await ask().catch(async (err: unknown) => {
          const again = request.blockhash === 'fresh' && err instanceof BlockhashExpiredError;
          if (!again || session?.stopRequested()) throw err; // after a Stop, nothing more is asked
          if (k === 0) await setFreshBlockhash(deps, [tx], fresh); // k > 0: ask() fetches one itself
          return ask();
        });
        if (answer.kind === 'sent') signatures.push(answer.signatures[0]);
        else signed.push(answer.signed[0]);
      } catch (err) {
        if (isAbort(err) || k === 0) throw err;
        reason = err;
        break;
      }
    }
  } finally {
    session?.finished();
  }
  const count = Math.max(signatures.length, signed.length);
  const answer: Answer = mode.kind === 'signAndSend' ? { kind: 'sent', signatures } : { kind: 'signed', signed };
  const result = await handOn(request, answer, txs.slice(0, count), ctx);
  if (count < txs.length) throw new SigningStoppedError(count, txs.length, result, stopped ? undefined : reason);
  return result;
}

/** The path. Resolves with what the send (or sent) step returns; throws a SigningPathError (or the listener's abort). */
export async function signAndSend<R>(deps: SigningDeps, request: SigningRequest<R>): Promise<R> {
  const onStep = deps.onStep ?? (() => undefined);
  const session = deps.wallet.session;
  let pending: number[] | undefined;
  for (let attempt = 0; ; attempt++) {
    const txs = await request.build(attempt, pending);
    const indexes = pending ?? txs.map((_, i) => i);
    const mode = signingModeFor(deps.wallet, {
      cosigned: request.cosigned,
      transactions: txs.length,
      acceptsSent: !!request.sent,
    });
    if (mode.kind === 'unsupported') throw new WalletCannotDoFlowError(mode.reason);
    onStep('checking');
    await runGuard(request.guard, txs);
    if (attempt === 0 && request.review) await request.review(txs);
    // The blockhash is set last, right before the wallet: the guard's simulation replaces it anyway
    // (chainReader.ts), and a review that took its time leaves the wallet a whole blockhash lifetime.
    const fresh: FreshBlockhashes = new Map();
    if (request.blockhash === 'fresh') await setFreshBlockhash(deps, txs, fresh);
    const landed = new Set<number>();
    const ctx: SendContext = {
      lastValidBlockHeight: (blockhash) => (blockhash === undefined ? undefined : fresh.get(blockhash)),
      attempt,
      onStep,
      landed: (k, signature, status) => {
        landed.add(indexes[k]);
        request.onLanded?.(indexes[k], signature, status);
      },
    };
    onStep('awaitingSignature');
    try {
      if (txs.length > 1 && session?.refusesBatches()) return await oneAtATime(deps, request, mode, txs, ctx, fresh);
      let answer: Answer;
      try {
        answer = await askWallet(deps, request, mode, txs);
      } catch (err) {
        if (err instanceof PartlySentError) return await handOnPart(request, err, txs, ctx);
        if (!isBatchRefusal(err, txs.length)) throw err;
        // Nothing was sent: the same transactions (same blockhash, so a duplicate could never land twice) go one
        // per request from here on, and for the rest of the session.
        session?.refusedBatch();
        return await oneAtATime(deps, request, mode, txs, ctx, fresh);
      }
      return await handOn(request, answer, txs, ctx);
    } catch (err) {
      if (attempt === 0 && request.blockhash === 'fresh' && err instanceof BlockhashExpiredError) {
        pending = indexes.filter((i) => !landed.has(i));
        continue;
      }
      throw err;
    }
  }
}
