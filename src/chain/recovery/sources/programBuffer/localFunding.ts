// Local funding of the program-buffer source: a loader Buffer with the wallet as authority, as a deploy leaves one.
// backend/localnet/fund/recovery.ts runs it for the demo and large profiles.
import { Keypair, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk, sendLocal } from '../../../../../backend/localnet/fund/tx';
import { BUFFER_METADATA_SIZE, LOADER_UPGRADEABLE_PROGRAM } from '../../layouts';

export const FUNDED_BUFFER_BYTES = 10_000;

/** A loader Buffer (InitializeBuffer, instruction 0: buffer, authority) with the wallet as authority. */
export function fundBuffer(env: FundEnv, owner: string): string {
  const { faucet, chain } = env;
  const buffer = Keypair.generate();
  const space = BUFFER_METADATA_SIZE + FUNDED_BUFFER_BYTES;
  const loader = pk(LOADER_UPGRADEABLE_PROGRAM);
  sendLocal(
    chain,
    [
      SystemProgram.createAccount({
        fromPubkey: faucet.publicKey,
        newAccountPubkey: buffer.publicKey,
        space,
        lamports: chain.rent(space),
        programId: loader,
      }),
      new TransactionInstruction({
        programId: loader,
        keys: [
          { pubkey: buffer.publicKey, isSigner: false, isWritable: true },
          { pubkey: pk(owner), isSigner: false, isWritable: false },
        ],
        data: Buffer.alloc(4), // InitializeBuffer
      }),
    ],
    [faucet, buffer],
  );
  return buffer.publicKey.toBase58();
}
