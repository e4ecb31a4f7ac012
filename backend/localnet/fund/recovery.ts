// The recovery sources of the demo and large profiles, made with real transactions at the legacy rent (6,960 per
// byte, as a wallet out there made them): a stake account never delegated holding 0.05 SOL of principal, a stake
// account of 1 SOL delegated to a local vote account, a program buffer of 10,000 bytes, a durable nonce account and
// an address lookup table with two addresses — each with the wallet as withdrawer or authority, all paid by the faucet.
// (Made whole by funding; the table's deactivation and close are the wallet's own transactions.)
import {
  Authorized,
  Keypair,
  Lockup,
  NONCE_ACCOUNT_LENGTH,
  PublicKey,
  StakeProgram,
  SystemProgram,
  TransactionInstruction,
  VoteInit,
  VoteProgram,
} from '@solana/web3.js';
import {
  BUFFER_METADATA_SIZE,
  LOADER_UPGRADEABLE_PROGRAM,
  LOOKUP_TABLE_PROGRAM,
  STAKE_ACCOUNT_SIZE,
  TABLE_AUTHORITY_OFFSET,
  TABLE_META_SIZE,
  U64_MAX,
} from '../../../src/chain/recovery/layouts';
import type { FundEnv } from './fundEnv';
import type { RecoveryManifest } from './manifest';
import { pk, sendLocal } from './tx';

export const FUNDED_STAKE_PRINCIPAL = 50_000_000; // 0.05 SOL never delegated: "0.05 SOL of unstaked SOL"
export const FUNDED_DELEGATED_STAKE = 1_000_000_000;
export const FUNDED_BUFFER_BYTES = 10_000;
const VOTE_ACCOUNT_SIZE = 3762; // VoteState (current version) size, as VoteProgram.space

/** The wallet is withdrawer (what the recovery needs); the faucet is staker, so funding can delegate without its key. */
function fundStake(env: FundEnv, owner: string, principal: number): Keypair {
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
function fundVoteAccount(env: FundEnv): string {
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

/** A loader Buffer (InitializeBuffer, instruction 0: buffer, authority) with the wallet as authority. */
function fundBuffer(env: FundEnv, owner: string): string {
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

function fundNonce(env: FundEnv, owner: string): string {
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

/**
 * A table with the wallet as authority and two addresses. Extending needs the authority's signature, which funding
 * does not have, so the account is written directly in the program's layout (layouts.ts), active, at the legacy rent.
 */
function fundLookupTable(env: FundEnv, owner: string, addresses: string[]): string {
  const { chain } = env;
  const table = Keypair.generate().publicKey.toBase58();
  const data = Buffer.alloc(TABLE_META_SIZE + 32 * addresses.length);
  data.writeUInt32LE(1, 0); // LookupTable
  data.writeBigUInt64LE(U64_MAX, 4); // deactivation slot: active
  data.writeBigUInt64LE(BigInt(chain.slot()), 12); // last extended slot
  data[21] = 1; // Some(authority)
  pk(owner).toBuffer().copy(data, TABLE_AUTHORITY_OFFSET);
  addresses.forEach((a, i) =>
    pk(a)
      .toBuffer()
      .copy(data, TABLE_META_SIZE + 32 * i),
  );
  chain.setAccount(table, { lamports: chain.rent(data.length), data, owner: LOOKUP_TABLE_PROGRAM });
  return table;
}

export function fundRecoverySources(env: FundEnv, owner: string): RecoveryManifest {
  const vote = fundVoteAccount(env);
  const inactive = fundStake(env, owner, FUNDED_STAKE_PRINCIPAL);
  const delegated = fundStake(env, owner, FUNDED_DELEGATED_STAKE);
  sendLocal(
    env.chain,
    StakeProgram.delegate({
      stakePubkey: delegated.publicKey,
      authorizedPubkey: env.faucet.publicKey,
      votePubkey: pk(vote),
    }).instructions,
    [env.faucet],
  );
  return {
    voteAccount: vote,
    stakeInactive: inactive.publicKey.toBase58(),
    stakeDelegated: delegated.publicKey.toBase58(),
    buffer: fundBuffer(env, owner),
    nonce: fundNonce(env, owner),
    lookupTable: fundLookupTable(env, owner, [env.faucet.publicKey.toBase58(), vote]),
  };
}
