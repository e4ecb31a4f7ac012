// SPL Token and Token-2022 instructions that return rent to the owner. Burns are the checked variants (the program
// verifies the decimals), closes always pay the owner.
import {
  createBurnCheckedInstruction,
  createCloseAccountInstruction,
  createHarvestWithheldTokensToMintInstruction,
} from '@solana/spl-token';
import type { TransactionInstruction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM } from '../common/addresses';
import { type Address, TOKEN_PROGRAM_ID, isTokenProgram, toBase58, toPublicKey } from './keys';

export interface TokenAccountRef {
  owner: Address;
  /** The token account. */
  account: Address;
  /** Token program that owns the account: SPL Token (default) or Token-2022. */
  programId?: Address;
}

export interface BurnAndCloseArgs extends TokenAccountRef {
  mint: Address;
  /** Raw amount held (the full balance is burned). */
  amount: bigint | number | string;
  decimals: number;
}

function programOf(ref: { programId?: Address }) {
  const programId = ref.programId ?? TOKEN_PROGRAM_ID;
  if (!isTokenProgram(programId)) throw new Error(`Not a token program: ${toBase58(programId)}`);
  return toPublicKey(programId);
}

export function burnCheckedIx(args: BurnAndCloseArgs): TransactionInstruction {
  return createBurnCheckedInstruction(
    toPublicKey(args.account),
    toPublicKey(args.mint),
    toPublicKey(args.owner),
    BigInt(args.amount),
    args.decimals,
    [],
    programOf(args),
  );
}

/** Close a token account; its lamports go to the owner. */
export function closeAccountIx(ref: TokenAccountRef): TransactionInstruction {
  const owner = toPublicKey(ref.owner);
  return createCloseAccountInstruction(toPublicKey(ref.account), owner, owner, [], programOf(ref));
}

/** Burn the full balance (skipped when already 0) and close the account: one group, never split. */
export function burnAndCloseIxs(args: BurnAndCloseArgs): TransactionInstruction[] {
  const ixs: TransactionInstruction[] = [];
  if (BigInt(args.amount) > 0n) ixs.push(burnCheckedIx(args));
  ixs.push(closeAccountIx(args));
  return ixs;
}

/**
 * Token-2022: move withheld transfer fees from `accounts` into their mint. Permissionless, and required before a
 * close — the program refuses to close an account that still holds withheld fees.
 */
export function harvestWithheldToMintIx(mint: Address, accounts: Address[]): TransactionInstruction {
  return createHarvestWithheldTokensToMintInstruction(
    toPublicKey(mint),
    accounts.map(toPublicKey),
    toPublicKey(TOKEN_2022_PROGRAM),
  );
}

export interface VacantAccountRef extends TokenAccountRef {
  mint?: Address;
  /** Token-2022 account with withheld transfer fees: harvest to `mint` first. */
  hasWithheldFees?: boolean;
}

/** The close group of one vacant account, with the harvest in front when it needs one. */
export function closeVacantIxs(ref: VacantAccountRef): TransactionInstruction[] {
  if (!ref.hasWithheldFees) return [closeAccountIx(ref)];
  if (!ref.mint) throw new Error('A Token-2022 account with withheld fees needs its mint to be harvested');
  return [harvestWithheldToMintIx(ref.mint, [ref.account]), closeAccountIx({ ...ref, programId: TOKEN_2022_PROGRAM })];
}
