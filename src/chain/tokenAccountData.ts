// The fixed 165-byte head of an SPL Token / Token-2022 account (Token-2022 extensions follow it), read without
// @solana/spl-token so the guard stays small: mint, owner, amount, native flag.
import bs58 from 'bs58';

export const TOKEN_ACCOUNT_HEAD = 165;

export interface TokenAccountHead {
  mint: string;
  owner: string;
  amount: bigint;
  isNative: boolean;
}

/** null when the data is too short to be a token account (a mint is 82 bytes, for instance). */
export function readTokenAccountHead(data: Uint8Array): TokenAccountHead | null {
  if (data.length < TOKEN_ACCOUNT_HEAD) return null;
  const b = Buffer.from(data.buffer, data.byteOffset, data.length);
  // Layout: mint 0..32, owner 32..64, amount u64 64..72, delegate COption 72..108, state 108, isNative COption 109..121
  if (b[108] === 0) return null; // Uninitialized
  return {
    mint: bs58.encode(b.subarray(0, 32)),
    owner: bs58.encode(b.subarray(32, 64)),
    amount: b.readBigUInt64LE(64),
    isNative: b.readUInt32LE(109) === 1,
  };
}
