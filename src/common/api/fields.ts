// The request fields the wire contract's schemas share: addresses, signatures, transactions, cache-busting query
// parameters. The server validates with them; the page imports only the request types made from them.
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { z } from 'zod';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** Bytes the base58 string decodes to (bs58; 0 when it is not base58). */
const decodedLength = (s: string): number => bs58.decodeUnsafe(s)?.length ?? 0;

/** A Solana address: base58 that decodes to exactly 32 bytes. */
export const base58Address = z
  .string()
  .trim()
  .refine((s) => s.length >= 32 && s.length <= 44 && BASE58.test(s) && decodedLength(s) === 32, {
    message: 'must be a base58 Solana address (32 bytes)',
  });

/** A wallet that can sign: an address on the ed25519 curve (a PDA is an address no key signs for). */
export const walletAddress = base58Address.refine((s) => isOnCurve(s), {
  message: 'must be a wallet address (a PDA cannot sign)',
});

// zod runs this refinement even when the base58 one failed: a bad string must answer false, not throw.
function isOnCurve(s: string): boolean {
  try {
    return PublicKey.isOnCurve(new PublicKey(s).toBytes());
  } catch {
    return false;
  }
}

/** An ed25519 signature: base64 or base58 of exactly 64 bytes. */
export const signature64 = z
  .string()
  .trim()
  .max(100)
  .refine((s) => signatureBytes(s) === 64, { message: 'must be a 64-byte signature (base64 or base58)' });

/** A transaction's signature as the chain names it: base58 of exactly 64 bytes. */
export const transactionSignature = z
  .string()
  .trim()
  .refine((s) => s.length >= 64 && s.length <= 90 && BASE58.test(s) && decodedLength(s) === 64, {
    message: 'must be a transaction signature (base58, 64 bytes)',
  });

/** Largest serialized transaction (packet size) and its base64 length. */
export const MAX_TRANSACTION_BYTES = 1232;
export const MAX_TRANSACTION_BASE64 = Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4;

/** A serialized transaction in base64, no larger than one packet. */
export const base64Transaction = z
  .string()
  .trim()
  .min(1)
  .max(MAX_TRANSACTION_BASE64, `must be at most ${MAX_TRANSACTION_BYTES} bytes (base64)`)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

/** Cache-busting query parameters browsers and clients add; accepted and ignored. */
export const cacheBust = { t: z.string().max(64).optional(), _: z.string().max(64).optional() };

/** The query of a route that takes none but the cache-busting parameters. */
export const noQuery = z.strictObject(cacheBust);

function signatureBytes(s: string): number {
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(s) && s.length % 4 === 0 && Buffer.from(s, 'base64').length === 64) return 64;
  return s.length >= 64 && s.length <= 90 && BASE58.test(s) ? decodedLength(s) : 0;
}
