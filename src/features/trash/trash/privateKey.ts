// The robust way's pasted key, parsed in the page (docs/PRODUCT.md#advanced-cnft-trash): small and apart from the
// builders, so the modal can check a key as it is typed while the Bubblegum code stays in the lazy "trash-flows" chunk.
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { VALIDATION, invalidPrivateKey } from '../../../common/texts';

export interface ParsedKey {
  keypair: Keypair;
  address: string;
}

/**
 * docs/PRODUCT.md#validation: base58 that decodes to exactly 64 bytes, else 'Invalid private key format'; a keypair that cannot be
 * made from it: 'Invalid private key: {reason}'. Never logs or stores the input.
 */
export function parsePrivateKey(input: string): ParsedKey {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(input.trim());
  } catch {
    throw new Error(VALIDATION.invalidPrivateKeyFormat);
  }
  if (bytes.length !== 64) throw new Error(VALIDATION.invalidPrivateKeyFormat);
  try {
    const keypair = Keypair.fromSecretKey(Uint8Array.from(bytes));
    return { keypair, address: keypair.publicKey.toBase58() };
  } catch (err) {
    throw new Error(invalidPrivateKey((err as Error).message), { cause: err });
  } finally {
    bytes.fill(0);
  }
}
