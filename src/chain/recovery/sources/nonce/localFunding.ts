// Local funding of the nonce source: a durable nonce account whose authority is the wallet.
// backend/localnet/fund/recovery.ts runs it for the demo and large profiles.
import { Keypair, NONCE_ACCOUNT_LENGTH, SystemProgram } from '@solana/web3.js';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk, sendLocal } from '../../../../../backend/localnet/fund/tx';

/** A nonce account initialised with the wallet as its authority. */
export function fundNonce(env: FundEnv, owner: string): string {
  const { faucet, chain } = env;
  const nonce = Keypair.generate();
  sendLocal(
    chain,
    [
      SystemProgram.createAccount({
        fromPubkey: faucet.publicKey,
        newAccountPubkey: nonce.publicKey,
        space: NONCE_ACCOUNT_LENGTH,
        lamports: chain.rent(NONCE_ACCOUNT_LENGTH),
        programId: SystemProgram.programId,
      }),
      SystemProgram.nonceInitialize({ noncePubkey: nonce.publicKey, authorizedPubkey: pk(owner) }),
    ],
    [faucet, nonce],
  );
  return nonce.publicKey.toBase58();
}
