// Funding profiles: `demo` (a small, varied wallet built mostly with real transactions) and `large`
// (thousands of accounts written directly, in seconds).
import type { Keypair } from '@solana/web3.js';
import type { Chain } from '../chain';
import type { MetaplexPluginLike } from '../plugin';
import type { FundManifest } from './manifest';

export type FundProfile = 'demo' | 'large';
export interface FundEnv { chain: Chain; faucet: Keypair; metaplex: MetaplexPluginLike | null; delegate: string }

export const DEMO_LAMPORTS = 2_000_000_000;

export async function fundOwner(env: FundEnv, owner: string, profile: FundProfile): Promise<FundManifest> {
  env.chain.airdrop(owner, BigInt(DEMO_LAMPORTS));
  return { owner, profile, lamports: DEMO_LAMPORTS, tokens: [], wrappedSol: null, emptyAccounts: [], frozenAccounts: [],
    collection: null, nfts: [], tree: null, cnfts: [] };
}
