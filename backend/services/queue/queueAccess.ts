// Who may read and cancel a transfer queue (PRODUCT difference 11): its owner. The owner proves it once, with the signed
// queue authorisation (services/auth/authVerify.ts); in exchange the server hands the page a random access token for
// that queue, kept only as a SHA-256 hash in the queue's record, which the page sends as `Authorization: Bearer`
// on every status poll (every 2 s: a wallet approval per poll is out of the question) and on cancel. Cancel also
// takes a fresh signed 'queue-cancel' message instead, for a page that no longer holds the token.
import { createHash, randomBytes, timingSafeEqual } from 'crypto';
import type { Context } from 'koa';
import type { QueueRecord } from './queueStore';

export const QUEUE_ACCESS_TEXTS = {
  required: "Only the queue's owner can do this: send the queue's access token or a signed authorisation.",
  wrong: 'This access token is not the one of this queue.',
} as const;

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** A new token (given to the owner once) and the hash the record keeps. */
export function newQueueAccessToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hash(token).toString('hex') };
}

/** The bearer token of a request, or null. */
export function bearerToken(ctx: Pick<Context, 'get'>): string | null {
  const m = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(ctx.get('authorization'));
  return m ? m[1] : null;
}

/** Does the token open this queue? Constant-time comparison of the hashes. */
export function tokenOpens(q: QueueRecord, token: string): boolean {
  if (!q.accessTokenHash) return false;
  const stored = Buffer.from(q.accessTokenHash, 'hex');
  const given = hash(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
