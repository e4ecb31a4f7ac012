import { z } from 'zod';
import { base64Transaction, noQuery } from '../schemas';

export const AuthNonceSchema = { query: noQuery };

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
