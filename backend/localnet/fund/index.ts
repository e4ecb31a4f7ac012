// Funding profiles: `demo` (a small, varied wallet built mostly with real transactions), `large`
// (thousands of accounts written directly, in seconds) and `collector` (the demo plus every NFT/cNFT state). NFTs and cNFTs come from the Metaplex plugin.
import { fundDemoTokens } from './demo';
import { fundDemoKinds } from './demoKinds';
import { fundLargeTokens, LARGE } from './large';
import type { FundEnv } from './fundEnv';
import type { FundManifest } from './manifest';
import { fundOwnedMints } from './ownedMints';
import { fundRecoverySources } from './recovery';

export type { FundEnv } from './fundEnv';

export type FundProfile = 'demo' | 'large' | 'collector';
export const FUND_LAMPORTS = 2_000_000_000;
const FAUCET_MIN = 100_000_000_000n;
const DEMO_NFTS = 5;
const DEMO_CNFTS = 6;

export async function fundOwner(env: FundEnv, owner: string, profile: FundProfile): Promise<FundManifest> {
  const { chain, faucet, metaplex } = env;
  if (chain.getBalance(faucet.publicKey.toBase58()) < FAUCET_MIN)
    chain.airdrop(faucet.publicKey.toBase58(), 10n * FAUCET_MIN);
  chain.airdrop(owner, BigInt(FUND_LAMPORTS));
  const base = {
    owner,
    profile,
    lamports: FUND_LAMPORTS,
    wrappedSol: null,
    frozenAccounts: [],
    collection: null,
    nfts: [],
    tree: null,
    cnfts: [],
  };
  const manifest: FundManifest =
    profile === 'large'
      ? { ...base, ...(await fundLargeTokens(env, owner)) }
      : { ...base, ...fundDemoTokens(env, owner), ownedMints: fundOwnedMints(env, owner) };
  manifest.recovery = fundRecoverySources(env, owner, profile);
  if (metaplex) {
    const large = profile === 'large';
    await new Promise<void>((r) => setImmediate(r));
    const n = metaplex.fundNfts(owner, large ? LARGE.nfts : DEMO_NFTS, large ? { direct: true } : undefined);
    await new Promise<void>((r) => setImmediate(r));
    const c = metaplex.fundCnfts(
      owner,
      large ? LARGE.cnfts : DEMO_CNFTS,
      large ? undefined : { delegateIndexes: [0], delegate: env.delegate },
    );
    await new Promise<void>((r) => setImmediate(r));
    Object.assign(manifest, { collection: n.collection, nfts: n.nfts, tree: c.tree, cnfts: c.cnfts });
    if (!large) Object.assign(manifest, fundDemoKinds(env, owner));
    // collector: the demo wallet plus every NFT/cNFT state of docs/PRODUCT.md's table.
    if (profile === 'collector') manifest.states = metaplex.fundCollector(owner);
  }
  return manifest;
}
