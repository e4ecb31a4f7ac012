// The recovery sources of the demo and large profiles, made with real transactions at the legacy rent (6,960 per
// byte, as a wallet out there made them): a stake account never delegated holding 0.05 SOL of principal, a stake
// account of 1 SOL delegated to a local vote account, a program buffer of 10,000 bytes, a durable nonce account and
// an address lookup table with two addresses — each with the wallet as withdrawer or authority, all paid by the faucet.
// Programs no registry ships are emulated (`recoveryEmulators`, registered by backend/localnet/index.ts).
// Each source's own funding lives in its folder (src/chain/recovery/sources/<kind>/localFunding.ts). A folder whose
// localFunding.ts exports `localFunding` is found from the registry's kinds and runs for the demo-based profiles (its
// accounts land in `sources` by kind), so a new source needs no line here. The Pump programs are emulated in
// emulated/pump.ts. The empty accounts and the surplus come with the profile's tokens (demo.ts, ownedMints.ts).
import path from 'node:path';
import { RECOVERY_KINDS } from '../../../src/chain/recovery/registry';
import { fundLookupTable } from '../../../src/chain/recovery/sources/lookupTable/localFunding';
import { fundNonce } from '../../../src/chain/recovery/sources/nonce/localFunding';
import { openbookV1Emulators } from '../../../src/chain/recovery/sources/openbookV1/localProgram';
import { openbookV2Emulator } from '../../../src/chain/recovery/sources/openbookV2/localProgram';
import { fundBuffer } from '../../../src/chain/recovery/sources/programBuffer/localFunding';
import { delegateStake, fundStake, fundVoteAccount } from '../../../src/chain/recovery/sources/stake/localFunding';
import { pumpEmulator, pumpSwapEmulator } from '../emulated/pump';
import type { ProgramEmulator } from '../emulated/types';
import type { FundEnv } from './fundEnv';
import type { FundProfile } from '.';
import type { RecoveryManifest } from './manifest';

export const FUNDED_STAKE_PRINCIPAL = 50_000_000; // 0.05 SOL never delegated: "0.05 SOL of unstaked SOL"
export const FUNDED_DELEGATED_STAKE = 1_000_000_000;

/** The recovery sources' programs no registry ships, emulated on the local chain (emulated/types.ts). */
export const recoveryEmulators = (): ProgramEmulator[] => [
  ...openbookV1Emulators(),
  openbookV2Emulator(),
  pumpEmulator,
  pumpSwapEmulator,
];

/** A source folder's funding of the wallet: the accounts it made, which the source's scan must list. */
export type LocalFunding = (env: FundEnv, owner: string) => string[];

const SOURCES_DIR = path.resolve(__dirname, '../../../src/chain/recovery/sources');

function localFundingOf(kind: string): LocalFunding | null {
  let file: string;
  try {
    file = require.resolve(path.join(SOURCES_DIR, kind, 'localFunding'));
  } catch {
    return null;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder is found from the kind, not listed twice
  return (require(file) as { localFunding?: LocalFunding }).localFunding ?? null;
}

/** What the folders' own `localFunding` made, by kind (the demo-based profiles). */
const fundedByKind = (env: FundEnv, owner: string) =>
  Object.fromEntries(
    RECOVERY_KINDS.flatMap((kind) => {
      const fund = localFundingOf(kind);
      return fund ? [[kind, fund(env, owner)]] : [];
    }),
  );

export function fundRecoverySources(env: FundEnv, owner: string, profile: FundProfile): RecoveryManifest {
  const vote = fundVoteAccount(env);
  const inactive = fundStake(env, owner, FUNDED_STAKE_PRINCIPAL);
  const delegated = fundStake(env, owner, FUNDED_DELEGATED_STAKE);
  delegateStake(env, delegated, vote);
  return {
    voteAccount: vote,
    stakeInactive: inactive.publicKey.toBase58(),
    stakeDelegated: delegated.publicKey.toBase58(),
    buffer: fundBuffer(env, owner),
    nonce: fundNonce(env, owner),
    lookupTable: fundLookupTable(env, owner, [env.faucet.publicKey.toBase58(), vote]),
    sources: profile === 'large' ? {} : fundedByKind(env, owner),
  };
}
