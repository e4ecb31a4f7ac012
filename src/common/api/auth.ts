// Signed authorisations (PRODUCT difference 11): the server's one-use nonce, and how a signed message travels.
import { z } from 'zod';
import { base64Transaction } from './fields';
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

/** Longest authorisation text accepted (a queue of 100 cNFTs lists 100 asset ids: about 6 KB). */
export const MAX_AUTH_MESSAGE_CHARS = 8_000;

/**
 * The signed-authorisation fields every route that acts on the owner's word accepts besides its own (PRODUCT
 * difference 11). Optional here: a request without them is answered 401 by the verifier, not 400 by validation.
 */
export const signedAuthFields = {
  message: z.string().max(MAX_AUTH_MESSAGE_CHARS).optional(),
  signedTransaction: base64Transaction.optional(),
};
