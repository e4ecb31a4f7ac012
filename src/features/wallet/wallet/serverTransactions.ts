// Server-built transactions arrive as base64 (vacant closes, NFT burns, cNFT delegations). The signing path works on
// legacy transactions; anything else — a version 0 message naming address lookup tables, bytes that are no
// transaction at all — is refused as the guard refuses it (PRODUCT difference 10: a hostile server's lookup table), with the
// guard's text, before anything is shown to the wallet.
import { Transaction } from '@solana/web3.js';
import { decodeTransaction } from '../../../chain/decode';
import { GuardRefusedError } from './signingErrors';

function whyNotLegacy(base64: string, err: unknown): string {
  try {
    if (decodeTransaction(base64).usesLookupTables) return 'address lookup tables are not allowed';
  } catch {
    // not even a versioned transaction: the original error says why
  }
  return `not a legacy transaction: ${(err as Error)?.message ?? String(err)}`;
}

/** The server's transactions, decoded; throws GuardRefusedError (message: the guard's text) for any other form. */
export function legacyTransactions(encoded: readonly string[]): Transaction[] {
  return encoded.map((b64, i) => {
    try {
      return Transaction.from(Buffer.from(b64, 'base64'));
    } catch (err) {
      throw new GuardRefusedError(`transaction ${i}: ${whyNotLegacy(b64, err)}`, err);
    }
  });
}
