// Server-built recovery transactions keep the server's blockhash (the server accepts only what it prepared). When
// that blockhash runs out part-way — many one-at-a-time approvals, or one long sign-and-send request on a busy
// chain — the page asks the server to prepare the rest again from the chain and goes on (docs/PRODUCT.md, "When a
// blockhash runs out"). This file decides, from how a round ended, what landed, whether to go on and with what.
import { classifyError } from '../../../common/classifyError';
import type { SubmitBurnTransactionResponse as SubmitBody } from '../../../common/api';
import { SendFailedError, SigningPathError, SigningStoppedError, BlockhashExpiredError } from '../../wallet/wallet';

/** At most this many fresh prepares after the first; then what landed is reported and the run stops. */
export const MAX_REPREPARES = 3;

/** How one round (one prepare, its approvals and sends) ended. */
export interface RoundEnd {
  /** What the server recorded as landed in this round (its signatures and figures); empty when nothing did. */
  landed: SubmitBody;
  /** Some transactions of the round were not sent or did not land because their blockhash ran out. */
  expired: boolean;
  /** The round did not finish and did not end by expiry: what ended it (the user's stop, a refusal, a failure). */
  error?: unknown;
}

const NOTHING: SubmitBody = { success: true, signatures: [] };

/** A body of the server's submit answer carried by a thrown error (a partial answer), if any. */
function bodyIn(value: unknown): SubmitBody | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if ('success' in value) return value as SubmitBody;
  // An RTK Query error (`data`) or the flow's own refusal of a server answer (`body`).
  const { data, body } = value as { data?: unknown; body?: unknown };
  const inner = body ?? data;
  return inner && typeof inner === 'object' && 'success' in inner ? (inner as SubmitBody) : undefined;
}

const isExpiry = (reason: unknown): boolean =>
  reason instanceof BlockhashExpiredError ||
  (reason !== undefined && classifyError(reason, 'vacant').kind === 'expired');

/** A round that answered: all landed, or the server stopped at one that did not (then its error says why). */
export function roundAnswered(body: SubmitBody): RoundEnd {
  if (body.success) return { landed: body, expired: false };
  const expired = isExpiry(body.error ?? '');
  return { landed: body, expired, ...(expired ? {} : { error: body }) };
}

/**
 * A round that threw. What landed before the end rides on the error: a one-at-a-time run's result, the part of one
 * request the wallet sent, or the server's partial answer behind a send failure. Only an expiry may go on.
 */
export function roundThrew(err: unknown): RoundEnd {
  if (err instanceof SigningStoppedError) {
    const landed = bodyIn(err.result) ?? NOTHING;
    // The user's stop (no reason) or a refusal ends the run; an expiry part-way goes on.
    return isExpiry(err.reason) ? { landed, expired: true } : { landed, expired: false, error: err };
  }
  const partial =
    err instanceof SigningPathError
      ? (bodyIn(err.landedPart) ?? (err instanceof SendFailedError ? bodyIn(err.cause) : undefined))
      : undefined;
  if (err instanceof BlockhashExpiredError) return { landed: partial ?? NOTHING, expired: true };
  if (partial && !partial.success && isExpiry(partial.error ?? '')) return { landed: partial, expired: true };
  return { landed: partial ?? NOTHING, expired: false, error: err };
}

/** Goes on only after an expiry, within the bound. */
export const shouldReprepare = (reprepares: number, end: RoundEnd): boolean =>
  end.expired && reprepares < MAX_REPREPARES;

/**
 * What the fresh prepare may close: the accounts the user reviewed that the chain still lists as vacant. Never one
 * the user did not see; the server's prepare adds the surplus still held by kept accounts itself.
 */
export const stillToClose = (reviewed: readonly string[], stillVacant: readonly string[]): string[] => {
  const now = new Set(stillVacant);
  return reviewed.filter((a) => now.has(a));
};

const sum = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/** The rounds' answers as one: every figure summed over what landed, every signature in order. */
export function addRound(total: SubmitBody | undefined, round: SubmitBody): SubmitBody {
  if (!total) return round;
  const signatures = [
    ...(total.signatures ?? (total.signature ? [total.signature] : [])),
    ...(round.signatures ?? (round.signature ? [round.signature] : [])),
  ];
  return {
    ...round,
    signature: signatures[0],
    signatures,
    accountCount: sum(total.accountCount, round.accountCount),
    recoveredRentLamports: sum(total.recoveredRentLamports, round.recoveredRentLamports),
    recoveredRent: sum(total.recoveredRent, round.recoveredRent),
    surplusRecoveredLamports: sum(total.surplusRecoveredLamports, round.surplusRecoveredLamports),
    surplusAccountCount: sum(total.surplusAccountCount, round.surplusAccountCount),
    sourcesRecoveredLamports: sum(total.sourcesRecoveredLamports, round.sourcesRecoveredLamports),
    serviceFeeLamports: sum(total.serviceFeeLamports, round.serviceFeeLamports),
    ownerBalanceChangeLamports: sum(total.ownerBalanceChangeLamports, round.ownerBalanceChangeLamports),
    feeWalletBalanceChangeLamports: sum(total.feeWalletBalanceChangeLamports, round.feeWalletBalanceChangeLamports),
  };
}
