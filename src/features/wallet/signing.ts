// The one signing path: build → guard → review → fresh blockhash → ONE wallet request within 120 s → send/confirm,
// and one more request for what did not land when a blockhash expired. Burns, vacant, revoke and every cNFT way run
// through `signAndSend`; what differs between them is plugged in as steps:
// - `guard`: an async check of the transactions before the wallet is asked (run once per attempt);
// - `review`: the user's look at what will happen (first attempt only);
// - the wallet request, chosen by signingMode.ts per wallet and flow: sign-and-send (all transactions in one
//   `solana:signAndSendTransaction` call; then `sent` confirms by the returned signatures) or sign-only (then `send`
//   takes the signed transactions to the chain or the server).
// The wallet is the port from `extra` (src/app/walletPort.ts); waits go through the listener's `delay`.
import type { Connection, Transaction } from '@solana/web3.js';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import type { SendAllOptions, SignInAnswer, WalletPort } from '../../app/walletPort';
import { CONFIRM_COMMITMENT, SIGNING_TIMEOUT_MS } from '../../common/constants';
import {
  BlockhashExpiredError,
  GuardRefusedError,
  SigningPathError,
  SigningTimedOutError,
  WalletCannotDoFlowError,
  WalletNotReadyError,
  fromWalletError,
  isAbort,
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
  /** Of the blockhash this attempt set (`blockhash: 'fresh'`), for confirmTransaction. */
  lastValidBlockHeight?: number;
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
  /** How the wallet should send (sign-and-send). */
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

async function setFreshBlockhash(deps: SigningDeps, txs: Transaction[]): Promise<number> {
  if (!deps.connection) throw new WalletNotReadyError('No chain connection available');
  const { blockhash, lastValidBlockHeight } = await deps.connection.getLatestBlockhash(CONFIRM_COMMITMENT);
  for (const tx of txs) {
    tx.recentBlockhash = blockhash;
    tx.signatures = tx.signatures.map((s) => ({ publicKey: s.publicKey, signature: null }));
  }
  return lastValidBlockHeight;
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
  return withinLimit(deps, () => wallet.signAndSendAll!(txs, options));
}

/** The path. Resolves with what the send (or sent) step returns; throws a SigningPathError (or the listener's abort). */
export async function signAndSend<R>(deps: SigningDeps, request: SigningRequest<R>): Promise<R> {
  const onStep = deps.onStep ?? (() => undefined);
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
    const lastValidBlockHeight = request.blockhash === 'fresh' ? await setFreshBlockhash(deps, txs) : undefined;
    const landed = new Set<number>();
    const ctx: SendContext = {
      lastValidBlockHeight,
      attempt,
      onStep,
      landed: (k, signature, status) => {
        landed.add(indexes[k]);
        request.onLanded?.(indexes[k], signature, status);
      },
    };
    onStep('awaitingSignature');
    try {
      if (mode.kind === 'signAndSend') {
        const signatures = await signAndSendWithinLimit(deps, txs, request.sendOptions);
        onStep('sending');
        return await request.sent!(signatures, txs, ctx);
      }
      const signed = await signWithinLimit(deps, txs);
      onStep('sending');
      return await request.send(signed, ctx);
    } catch (err) {
      if (attempt === 0 && request.blockhash === 'fresh' && err instanceof BlockhashExpiredError) {
        pending = indexes.filter((i) => !landed.has(i));
        continue;
      }
      throw err;
    }
  }
}
