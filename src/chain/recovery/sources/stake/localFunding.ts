// Local funding of the stake source: a stake account with the wallet as withdrawer (the faucet is staker, so funding
// can delegate it without the wallet's key), and a local vote account to delegate to. backend/localnet/fund/recovery.ts
// makes one never delegated and one delegated, for the demo and large profiles.
import { Authorized, Keypair, Lockup, PublicKey, StakeProgram, VoteInit, VoteProgram } from '@solana/web3.js';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk, sendLocal } from '../../../../../backend/localnet/fund/tx';
import { STAKE_ACCOUNT_SIZE } from '../../layouts';

const VOTE_ACCOUNT_SIZE = 3762; // VoteState (current version) size, as VoteProgram.space

/** The wallet is withdrawer (what the recovery needs); the faucet is staker, so funding can delegate without its key. */
export function fundStake(env: FundEnv, owner: string, principal: number): Keypair {
  const stake = Keypair.generate();
  const { faucet, chain } = env;
  sendLocal(
    chain,
    StakeProgram.createAccount({
      fromPubkey: faucet.publicKey,
      stakePubkey: stake.publicKey,
      authorized: new Authorized(faucet.publicKey, pk(owner)),
      lockup: new Lockup(0, 0, PublicKey.default),
      lamports: chain.rent(STAKE_ACCOUNT_SIZE) + principal,
    }).instructions,
    [faucet, stake],
  );
  return stake;
}

/** A vote account of a local validator identity (the faucet is its withdrawer): the delegation's target. */
export function fundVoteAccount(env: FundEnv): string {
  const { faucet, chain } = env;
  const vote = Keypair.generate();
  const node = Keypair.generate();
  sendLocal(
    chain,
    VoteProgram.createAccount({
      fromPubkey: faucet.publicKey,
      votePubkey: vote.publicKey,
      voteInit: new VoteInit(node.publicKey, faucet.publicKey, faucet.publicKey, 0),
      lamports: chain.rent(VOTE_ACCOUNT_SIZE),
    }).instructions,
    [faucet, vote, node],
  );
  return vote.publicKey.toBase58();
}

/** Delegates a funded stake account (its staker is the faucet) to `vote`. */
export function delegateStake(env: FundEnv, stake: Keypair, vote: string): void {
  sendLocal(
    env.chain,
    StakeProgram.delegate({
      stakePubkey: stake.publicKey,
      authorizedPubkey: env.faucet.publicKey,
      votePubkey: pk(vote),
    }).instructions,
    [env.faucet],
  );
}
