// Signed authorisations (PRODUCT difference 11): the server's one-use nonce, and how a signed message travels.
import type { ApiResult } from './result';

/** GET /api/auth/nonce — a nonce usable once, and the times the message must carry (server clock). */
export interface AuthNonceResponse extends ApiResult {
  nonce?: string;
  /** ISO 8601 UTC; the message's "Issued At". */
  issuedAt?: string;
  /** ISO 8601 UTC, at most 10 minutes after issuedAt; the message's "Expiration Time". */
  expirationTime?: string;
}

/**
 * What every route that needs the owner's word receives besides its own fields: the exact text
 * (src/common/authMessage.ts) and either the ed25519 signature of it (base64; `signature` or the spec's
 * `signedMessage`, per route) or, from a wallet that cannot sign messages (PRODUCT difference 11), a legacy transaction signed by
 * the wallet that carries the text in its only instruction, a memo, and is never sent (src/chain/memoAuthorization.ts).
 */
export interface SignedAuthorization {
  message: string;
  signedTransaction?: string;
}
