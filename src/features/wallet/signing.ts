// The one signing path (PRODUCT, the flows: burn one token or NFT): build → blockhash → guard → one wallet approval within 120 s → send → confirm,
// and one re-sign with a fresh blockhash when the first attempt expired. Burn, vacant and every cNFT way run
// through `signAndSend`; what differs between them is plugged in as steps:
// - `guard`: an async check of the transactions before the wallet is asked (signingSteps.guardStep by default);
// - `send`: to the chain (signingSteps.sendToChain) or to the server (signingSteps.submitToServer, or a flow's own).
// The wallet is the port from `extra` (src/app/walletPort.ts); waits go through the listener's `delay`.
import type { Connection, Transaction } from '@solana/web3.js';
import type { WalletPort } from '../../app/walletPort';
import { CONFIRM_COMMITMENT, SIGNING_TIMEOUT_MS } from '../../common/constants';
import {
  BlockhashExpiredError,
  GuardRefusedError,
  SigningPathError,
  SigningTimedOutError,
  WalletNotReadyError,
  fromWalletError,
  isAbort,
} from './signingErrors';

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
}

/** Sends the signed transactions; throws a SigningPathError (BlockhashExpiredError triggers the one re-sign). */
export type SendStep<R> = (signed: Transaction[], ctx: SendContext) => Promise<R>;

export interface SigningRequest<R> {
  /** The transactions of this attempt (attempt 1 is the re-sign after an expiry: build them again or reuse). */
  build: (attempt: number) => Promise<Transaction[]>;
  /** 'fresh': the path sets a new blockhash each attempt and re-signs once on expiry; 'keep': server-built, as is. */
  blockhash: 'fresh' | 'keep';
  guard: GuardStep;
  send: SendStep<R>;
}

export const canSignAll = (wallet: WalletPort): boolean => typeof wallet.signAllTransactions === 'function';
export const canSign = (wallet: WalletPort): boolean =>
  typeof wallet.signTransaction === 'function' || canSignAll(wallet);

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

/** The path. Resolves with what the send step returns; throws a SigningPathError (or the listener's abort). */
export async function signAndSend<R>(deps: SigningDeps, request: SigningRequest<R>): Promise<R> {
  const onStep = deps.onStep ?? (() => undefined);
  for (let attempt = 0; ; attempt++) {
    const txs = await request.build(attempt);
    const lastValidBlockHeight = request.blockhash === 'fresh' ? await setFreshBlockhash(deps, txs) : undefined;
    onStep('checking');
    await runGuard(request.guard, txs);
    onStep('awaitingSignature');
    const signed = await signWithinLimit(deps, txs);
    onStep('sending');
    try {
      return await request.send(signed, { lastValidBlockHeight, attempt, onStep });
    } catch (err) {
      if (attempt === 0 && request.blockhash === 'fresh' && err instanceof BlockhashExpiredError) continue;
      throw err;
    }
  }
}
