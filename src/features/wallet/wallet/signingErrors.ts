// The signing path's error family, in the wallet-adapter style: one base class that keeps what was thrown underneath
// as `cause`, one subclass per way a signing can end badly, each with its own `name`. Flows match them with
// `instanceof` and turn them into the spec's texts (burnErrors.ts, trashErrors.ts, vacantFlow.ts); state keeps
// `{name, message}` (errorInfo). Only the two boundaries below read messages: what a wallet or an RPC node throws
// carries no type we could match, so it is classified once, where it enters.
import { errorDetail } from '../../../chain/classifyError';
import { classifyError } from '../../../common/classifyError';
import { GUARD, ONE_AT_A_TIME, WALLET_MODES } from '../../../common/texts';
import type { UnsupportedReason } from './signingMode';

export class SigningPathError extends Error {
  name = 'SigningPathError';
  /**
   * What the flow's step answered for the part of the request that was sent before this error ended it (one
   * sign-and-send request that the wallet sent only in part): the flow reports it, so what landed is never dropped.
   */
  landedPart?: unknown;
  constructor(message?: string, cause?: unknown) {
    super(message ?? errorDetail(cause), cause === undefined ? undefined : { cause });
  }
}

/** No wallet connected, or it has no way to sign transactions. Nothing was asked. */
export class WalletNotReadyError extends SigningPathError {
  name = 'WalletNotReadyError';
}

/**
 * This wallet cannot do this flow (signingMode.ts): `reason` says why, the flow says it in plain words. Nothing was
 * asked of the wallet.
 */
export class WalletCannotDoFlowError extends WalletNotReadyError {
  name = 'WalletCannotDoFlowError';
  constructor(readonly reason: UnsupportedReason) {
    super(reason === 'cosignedNeedsSignOnly' ? WALLET_MODES.cosignedNeedsSignOnly : WALLET_MODES.cannotSign);
  }
}

/** The user declined in the wallet. */
export class SigningRejectedError extends SigningPathError {
  name = 'SigningRejectedError';
}

/** The wallet did not answer within the signing limit (docs/PRODUCT.md#figures-and-limits, 120 s). */
export class SigningTimedOutError extends SigningPathError {
  name = 'SigningTimedOutError';
  constructor() {
    super('Signing timed out');
  }
}

/** The wallet failed for another reason (locked, disconnected, adapter error); `cause` is what it threw. */
export class SigningFailedError extends SigningPathError {
  name = 'SigningFailedError';
}

/**
 * One request carried several transactions and the wallet answered for each (`solana:signAndSendAllTransactions`):
 * some were sent, some refused. `signatures` follows the request's order, null where the wallet refused.
 */
export class PartlySentError extends SigningPathError {
  name = 'PartlySentError';
  constructor(
    readonly signatures: readonly (string | null)[],
    cause: unknown,
  ) {
    super(undefined, cause);
  }
}

/**
 * One transaction per request (the wallet refused a batch) ended before the last: the user stopped, declined one, or
 * the wallet failed one. `result` is what the flow's send step answered for the `landed` transactions before it
 * (they were sent and confirmed as usual); `reason` is what ended it, when it was not the user's stop.
 */
export class SigningStoppedError extends SigningPathError {
  name = 'SigningStoppedError';
  constructor(
    readonly sent: number,
    readonly total: number,
    readonly result: unknown,
    readonly reason?: unknown,
  ) {
    super(
      reason === undefined
        ? ONE_AT_A_TIME.stopped(sent, total)
        : classifyError(reason, 'vacant').kind === 'expired'
          ? ONE_AT_A_TIME.expiredPartWay(sent, total)
          : ONE_AT_A_TIME.endedPartWay(sent, total, reason instanceof SigningRejectedError),
    );
  }
}

/** The guard step refused the transactions before the wallet was asked; `message` is the user's text. */
export class GuardRefusedError extends SigningPathError {
  name = 'GuardRefusedError';
  constructor(
    readonly reason: string,
    cause?: unknown,
  ) {
    super(GUARD.mismatch, cause);
  }
}

/** The transaction's blockhash expired before it landed: the path re-signs once with a fresh one. */
export class BlockhashExpiredError extends SigningPathError {
  name = 'BlockhashExpiredError';
}

/** Sending (to the chain or to the server) failed; `cause` is the node's or the server's error. */
export class SendFailedError extends SigningPathError {
  name = 'SendFailedError';
}

/** Sent and processed, but the transaction failed on chain. */
export class TransactionFailedError extends SendFailedError {
  name = 'TransactionFailedError';
  constructor(
    readonly signature: string,
    detail: string,
  ) {
    super(`Transaction ${signature} failed: ${detail}`);
  }
}

/** Sent, but not confirmed in time: it may still land (docs/PRODUCT.md#trash-a-cnft 'assumed' outcome). */
export class ConfirmTimedOutError extends SigningPathError {
  name = 'ConfirmTimedOutError';
  constructor(
    readonly signature: string,
    cause?: unknown,
  ) {
    super(undefined, cause);
  }
}

// --- the two boundaries -----------------------------------------------------------------------------------------

/** What a wallet threw → Rejected (the user declined, EIP-1193 4001 included) or Failed. */
export function fromWalletError(err: unknown): SigningPathError {
  if (err instanceof SigningPathError) return err;
  if (classifyError(err, 'vacant').kind === 'cancelled') return new SigningRejectedError(undefined, err);
  return new SigningFailedError(undefined, err);
}

/**
 * What a wallet that sends threw for a transaction: as fromWalletError, but a send the node refused because the
 * blockhash had run out (while the user looked at the request) is an expiry. Nothing of that transaction was sent, so
 * the path may ask for it again with a fresh blockhash. A wallet that only signs never meets the chain: never an expiry.
 */
export function fromSendingWalletError(err: unknown): SigningPathError {
  const mapped = fromWalletError(err);
  const cause = mapped instanceof SigningFailedError ? (mapped.cause ?? err) : undefined;
  return cause !== undefined && classifyError(cause, 'vacant').kind === 'expired'
    ? new BlockhashExpiredError(undefined, cause)
    : mapped;
}

/**
 * A wallet's refusal of a request carrying several transactions that is not the user's answer: Phantom's "Request
 * blocked. This dApp could be malicious. (RELIABLE_SIMULATION_NOT_POSSIBLE)" for sites it has not reviewed
 * (docs/PRODUCT.md, "One transaction at a time"). Nothing was sent; one transaction per request may pass.
 */
export const isBatchRefusal = (err: unknown, transactions: number): boolean =>
  transactions > 1 && err instanceof SigningFailedError;

/** What a node threw while sending or confirming → Expired, ConfirmTimedOut or SendFailed. */
export function fromSendError(err: unknown, signature?: string): SigningPathError {
  if (err instanceof SigningPathError) return err;
  const kind = classifyError(err, 'burnToken').kind;
  if (kind === 'unconfirmed' && signature) return new ConfirmTimedOutError(signature, err);
  if (kind === 'expired') return new BlockhashExpiredError(undefined, err);
  return new SendFailedError(undefined, err);
}

/** What state keeps of an error (plain data only): serialisable, never the error object. */
export function errorInfo(err: unknown, message?: string): { name: string; message: string } {
  return { name: (err as { name?: string } | null)?.name || 'Error', message: message ?? errorDetail(err) };
}

/** RTK's listener cancellation: passed through untouched so an abandoned run stops quietly. */
export const isAbort = (err: unknown): boolean => (err as { name?: string } | null)?.name === 'TaskAbortError';
