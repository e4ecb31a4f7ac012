// The recovery sources of the demo and large profiles, made with real transactions at the legacy rent (6,960 per
// byte, as a wallet out there made them): a stake account never delegated holding 0.05 SOL of principal, a stake
// account of 1 SOL delegated to a local vote account, a program buffer of 10,000 bytes, a durable nonce account and
// an address lookup table with two addresses — each with the wallet as withdrawer or authority, all paid by the faucet.
// Each source's own funding and emulated programs live in its folder (src/chain/recovery/sources/<kind>/), found from
// the registry's kinds, so a new source needs no line here: a localFunding.ts exporting `localFunding` runs for the
// demo-based profiles (its accounts land in `sources` by kind); a localProgram.ts exporting `localPrograms` emulates the
// programs no registry ships (`recoveryEmulators`, registered by backend/localnet/index.ts). The empty accounts and the
// surplus come with the profile's tokens (demo.ts, ownedMints.ts).
import path from 'node:path';
import { RECOVERY_KINDS } from '../../../src/chain/recovery/registry';
import { fundLookupTable } from '../../../src/chain/recovery/sources/lookupTable/localFunding';
import { fundNonce } from '../../../src/chain/recovery/sources/nonce/localFunding';
import { fundBuffer } from '../../../src/chain/recovery/sources/programBuffer/localFunding';
import { delegateStake, fundStake, fundVoteAccount } from '../../../src/chain/recovery/sources/stake/localFunding';
import { joinEmulators, type ProgramEmulator } from '../emulated/types';
import type { FundEnv } from './fundEnv';
import type { FundProfile } from '.';
import type { RecoveryManifest } from './manifest';

export const FUNDED_STAKE_PRINCIPAL = 50_000_000; // 0.05 SOL never delegated: "0.05 SOL of unstaked SOL"
export const FUNDED_DELEGATED_STAKE = 1_000_000_000;

/** A source folder's funding of the wallet: the accounts it made, which the source's scan must list. */
export type LocalFunding = (env: FundEnv, owner: string) => string[];
/** A source folder's emulated programs (backend/localnet/emulated/types.ts). */
export type LocalPrograms = () => ProgramEmulator[];

const SOURCES_DIR = path.resolve(__dirname, '../../../src/chain/recovery/sources');

/** `name` exported by the file `file` of the source folder of `kind`; null when the folder has no such file. */
function folderExport<T>(kind: string, file: string, name: string): T | null {
  let resolved: string;
  try {
    resolved = require.resolve(path.join(SOURCES_DIR, kind, file));
  } catch {
    return null;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder is found from the kind, not listed twice
  return (require(resolved) as Record<string, T | undefined>)[name] ?? null;
}

/** The recovery sources' programs no registry ships, emulated on the local chain: each folder's `localPrograms`. */
export const recoveryEmulators = (): ProgramEmulator[] =>
  joinEmulators(
    RECOVERY_KINDS.flatMap((kind) => folderExport<LocalPrograms>(kind, 'localProgram', 'localPrograms')?.() ?? []),
  );

/** What the folders' own `localFunding` made, by kind (the demo-based profiles). */
const fundedByKind = (env: FundEnv, owner: string) =>
  Object.fromEntries(
    RECOVERY_KINDS.flatMap((kind) => {
      const fund = folderExport<LocalFunding>(kind, 'localFunding', 'localFunding');
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
