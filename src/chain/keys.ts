import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../common/addresses';

/** Addresses travel as base58 strings (serialisable state); builders accept either form. */
export type Address = PublicKey | string;

export function toPublicKey(address: Address): PublicKey {
  return typeof address === 'string' ? new PublicKey(address) : address;
}

export function toBase58(address: Address): string {
  return typeof address === 'string' ? address : address.toBase58();
}

export const TOKEN_PROGRAM_ID = new PublicKey(TOKEN_PROGRAM);
export const TOKEN_2022_PROGRAM_ID = new PublicKey(TOKEN_2022_PROGRAM);

export function isTokenProgram(programId: Address): boolean {
  const id = toBase58(programId);
  return id === TOKEN_PROGRAM || id === TOKEN_2022_PROGRAM;
}
