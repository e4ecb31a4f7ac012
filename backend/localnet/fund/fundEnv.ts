// What every funding step gets: apart from index.ts, which runs the steps, so that they need not import it back.
import type { Keypair } from '@solana/web3.js';
import type { Chain } from '../chain';
import type { MetaplexPlugin } from '../metaplex';

export interface FundEnv {
  chain: Chain;
  faucet: Keypair; // mint authority and fee payer of every funding transaction
  metaplex: MetaplexPlugin | null; // null only where a set-up runs without the plugin
  delegate: string;
}
