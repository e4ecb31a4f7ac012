// The one check of a signed authorisation (PRODUCT difference 11, the memo form too
// form). Every route that acts on the owner's word calls verifyAuthorization with what the request is about; it
// throws a 4xx unless the text (src/common/authMessage.ts) was made for this site, this wallet, this action and
// exactly these assets, is inside its lifetime, carries the owner's valid signature (of the text, or of a never-sent
// memo transaction holding it) and its nonce was issued here and is used now for the first time.
// A wallet's Sign In With Solana answer (`solana:signIn`: the signed message and its signature) arrives as
// `message` + `signature`: the page passes the fields of our text, the wallet's SIWS message of them is that very
// text (authMessage.ts signInInputFor), so it is parsed and checked here by exactly the same rules.
// The queue's one-approval form arrives as `message` + `memoSignature`: the signature of a transaction the owner's
// wallet sent with the delegations, whose only instruction is the memo of SHA-256(text); it is read from the chain
// (authMemoProof.ts) after the text passed every rule here, and before the nonce is spent.
import type { Context } from 'koa';
import { parseAuthMessage, type AuthAction, type AuthMessage } from '../../../src/common/authMessage';
import { SIGNED_MESSAGE_TTL_MS } from '../../../src/common/constants';
import { readMemoAuthorization } from '../../../src/chain/memoAuthorization';
import type { Services } from '../../context';
import { AppError, ForbiddenError, ValidationError } from '../../errors';
import { AUTH_REFUSALS } from '../../../src/common/texts/serverErrorTexts';
import { verifyLandedMemo } from './authMemoProof';
import { INVALID_SIGNATURE, verifySignedText } from '../nft/cnftData';

/** Clocks differ: a message issued up to this far in the server's future is still accepted. */
const CLOCK_SKEW_MS = 60_000;

export const UnauthorizedError = (message: string = AUTH_REFUSALS.required) =>
  new AppError(401, 'unauthorized', message);

export interface AuthExpectation {
  wallet: string;
  action: AuthAction;
  queueId?: string;
  assetIds: string[];
}

export interface AuthProof {
  message?: string;
  /** base64 (or base58) ed25519 signature of the message text. */
  signature?: string;
  /** base64 legacy transaction with the message in its memo, signed by the wallet, never sent. */
  signedTransaction?: string;
  /** base58 signature of a landed transaction of the owner holding only the memo of SHA-256(message). */
  memoSignature?: string;
}

/**
 * Hosts a message may name: PUBLIC_ORIGIN's (else the hosts this server listens as) and ALLOWED_ORIGINS'. Never a
 * request header (Host, X-Forwarded-Host): a copy of the page at evil.example could name itself in them and replay
 * what its visitors signed there (RELIABILITY, "Hostile clients").
 */
export function acceptedDomains(services: Pick<Services, 'config'>): string[] {
  const { publicOrigin, listeningHosts, allowedOrigins } = services.config;
  const hostOf = (o: string) => {
    try {
      return [new URL(o).host];
    } catch {
      return [];
    }
  };
  return [...(publicOrigin ? hostOf(publicOrigin) : listeningHosts), ...allowedOrigins.flatMap(hostOf)];
}

function sameSet(a: string[], b: string[]): boolean {
  const set = new Set(a);
  return set.size === a.length && a.length === b.length && b.every((x) => set.has(x));
}

export async function verifyAuthorization(
  services: Pick<Services, 'config' | 'nonces' | 'rpc'>,
  ctx: Pick<Context, 'req'>,
  expected: AuthExpectation,
  proof: AuthProof,
  now = Date.now(),
): Promise<AuthMessage> {
  const { message, signature, signedTransaction, memoSignature } = proof;
  if (!message || (!signature && !signedTransaction && !memoSignature)) throw UnauthorizedError();
  let m: AuthMessage;
  try {
    m = parseAuthMessage(message);
  } catch {
    throw ValidationError(AUTH_REFUSALS.malformed);
  }
  if (!acceptedDomains(services).includes(m.domain)) throw ForbiddenError(AUTH_REFUSALS.domain);
  if (m.uri !== `https://${m.domain}` && m.uri !== `http://${m.domain}`) throw ForbiddenError(AUTH_REFUSALS.domain);
  if (m.address !== expected.wallet) throw ForbiddenError(AUTH_REFUSALS.wallet);
  if (m.action !== expected.action) throw ForbiddenError(AUTH_REFUSALS.action);
  if (m.queueId !== expected.queueId || !sameSet(m.assetIds, expected.assetIds))
    throw ForbiddenError(AUTH_REFUSALS.assets);
  const issued = Date.parse(m.issuedAt);
  const expires = Date.parse(m.expirationTime);
  if (expires - issued > SIGNED_MESSAGE_TTL_MS || expires <= issued) throw ForbiddenError(AUTH_REFUSALS.lifetime);
  if (issued > now + CLOCK_SKEW_MS) throw ForbiddenError(AUTH_REFUSALS.notYet);
  if (expires <= now) throw ForbiddenError(AUTH_REFUSALS.expired);
  if (memoSignature) await verifyLandedMemo(services.rpc, expected.wallet, message, memoSignature);
  else if (signedTransaction) {
    let text: string;
    try {
      text = readMemoAuthorization(signedTransaction, expected.wallet, () => m.nonce);
    } catch {
      throw ForbiddenError(INVALID_SIGNATURE);
    }
    if (text !== message) throw ForbiddenError(INVALID_SIGNATURE);
  } else if (!verifySignedText(expected.wallet, message, signature!)) throw ForbiddenError(INVALID_SIGNATURE);
  // Last, so a forged or mismatched request cannot use up the owner's nonce.
  if (!(await services.nonces.consume(m.nonce))) throw ForbiddenError(AUTH_REFUSALS.used);
  return m;
}

/**
 * Runs the action a verified authorisation allows. When it fails on the server's side (5xx: the chain or the
 * indexer did not answer, a send timed out unconfirmed), the nonce is made usable again until the message expires,
 * so the client's retry of the same signed request is not refused as a replay. It can only do what the owner
 * signed (this site, this wallet, this action, these assets), and the route checks again that it still may (an
 * asset already moved is no longer the owner's). A 4xx — the request itself was wrong — keeps the nonce spent.
 */
export async function withAuthorization<T>(
  services: Pick<Services, 'nonces'>,
  m: AuthMessage,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === undefined || status >= 500)
      await services.nonces.restore(m.nonce, Date.parse(m.expirationTime)).catch(() => undefined);
    throw err;
  }
}
