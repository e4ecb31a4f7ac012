// The demo profile's today's-mainnet kinds (PRODUCT difference 12), kept apart from demo.ts so other profile changes merge cleanly.
import type { FundEnv } from './fundEnv';
import type { FundManifest } from './manifest';

export function fundDemoKinds(env: FundEnv, owner: string): Pick<FundManifest, 'kinds'> {
  return env.metaplex ? { kinds: env.metaplex.fundKinds(owner) } : {};
}
