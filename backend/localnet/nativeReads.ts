// Account reads straight from LiteSVM's native binding: its JS wrapper converts every address with @solana/kit's
// BigInt base58 codec (3 conversions per account), which made listing a thousand-token wallet take seconds.
import type { LiteSVM } from 'litesvm';
import bs58 from 'bs58';
import type { ChainAccount } from './chainTypes';

export interface NativeAccount {
  lamports(): bigint;
  data(): Uint8Array;
  owner(): Uint8Array;
  executable(): boolean;
}
interface NativeSvm {
  getAccount(pubkey: Uint8Array): NativeAccount | null;
  getProgramAccounts(programId: Uint8Array): { address: Uint8Array; account(): NativeAccount }[];
}
export const nativeSvm = (svm: LiteSVM) => (svm as unknown as { inner: NativeSvm }).inner;

/** The 32 bytes of a base58 address, or null when it is not one (same rule as isValidAddress). Remembered: listings
 * ask for the same few thousand addresses again and again. */
const addressCache = new Map<string, Uint8Array | null>();
export function addressBytes(s: string): Uint8Array | null {
  if (typeof s !== 'string' || s.length < 32 || s.length > 44) return null;
  let b = addressCache.get(s);
  if (b !== undefined) return b;
  try {
    const d = bs58.decode(s);
    b = d.length === 32 ? d : null;
  } catch {
    b = null;
  }
  if (addressCache.size >= 100_000) addressCache.clear();
  addressCache.set(s, b);
  return b;
}

const ownerNames = new Map<string, string>(); // owner bytes → base58; a chain has a handful of owners

export function toChainAccount(a: NativeAccount): ChainAccount {
  const ownerBytes = a.owner();
  const k = Buffer.from(ownerBytes.buffer, ownerBytes.byteOffset, ownerBytes.length).toString('latin1');
  let owner = ownerNames.get(k);
  if (owner === undefined) {
    owner = bs58.encode(ownerBytes);
    if (ownerNames.size < 10_000) ownerNames.set(k, owner);
  }
  return { lamports: a.lamports(), data: a.data(), owner, executable: a.executable() };
}
