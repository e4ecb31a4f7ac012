// WithdrawExcessLamports (instruction 38) of SPL Token (the p-token program) and Token-2022: moves the lamports
// above the rent-exempt minimum out of a token account, mint or multisig, leaving balances untouched.
// Accounts (p-token processor/withdraw_excess_lamports.rs; Token-2022 processor.rs): 0 source [writable],
// 1 destination [writable], 2 authority [signer] — the token account's owner, or the mint's mint authority.
// Wrapped SOL answers NativeNotSupported. @solana/spl-token 0.4 has no builder for it, hence this one.
import { TransactionInstruction } from '@solana/web3.js';
import { type Address, TOKEN_PROGRAM_ID, isTokenProgram, toBase58, toPublicKey } from './keys';

export const WITHDRAW_EXCESS_LAMPORTS_TAG = 38;

/** A decoded instruction that is WithdrawExcessLamports of either token program. */
export const isWithdrawExcessIx = (programId: string, data: Uint8Array): boolean =>
  isTokenProgram(programId) && data[0] === WITHDRAW_EXCESS_LAMPORTS_TAG;

export interface WithdrawExcessArgs {
  /** The token account or mint the surplus leaves. */
  source: Address;
  /** Receives the surplus, and signs: the account's owner or the mint's authority. */
  authority: Address;
  programId?: Address;
}

/** Always pays the authority itself: the only shape our guard accepts. */
export function withdrawExcessLamportsIx(args: WithdrawExcessArgs): TransactionInstruction {
  const programId = args.programId ?? TOKEN_PROGRAM_ID;
  if (!isTokenProgram(programId)) throw new Error(`Not a token program: ${toBase58(programId)}`);
  const authority = toPublicKey(args.authority);
  return new TransactionInstruction({
    programId: toPublicKey(programId),
    keys: [
      { pubkey: toPublicKey(args.source), isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: true, isWritable: false },
    ],
    data: Buffer.from([WITHDRAW_EXCESS_LAMPORTS_TAG]),
  });
}
