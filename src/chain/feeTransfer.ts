import { SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { type Address, toPublicKey } from './keys';

/** The service-fee transfer from the owner to the fee wallet; none when the fee rounds to 0. */
export function feeTransferIxs(
  owner: Address,
  feeWallet: Address,
  lamports: number | bigint,
): TransactionInstruction[] {
  if (BigInt(lamports) <= 0n) return [];
  return [
    SystemProgram.transfer({
      fromPubkey: toPublicKey(owner),
      toPubkey: toPublicKey(feeWallet),
      lamports: BigInt(lamports),
    }),
  ];
}
