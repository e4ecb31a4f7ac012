// The Metaplex plugin (backend/localnet/metaplex: emulated Token Metadata + Bubblegum, DAS API) as the core uses it.
import type { Chain } from './chain';
import { installMetaplex, type MetaplexPlugin } from './metaplex';

export type MetaplexPluginLike = MetaplexPlugin;

export interface PluginOptions { delegate: string; trashWallet: string; feeWallet: string; authority: string }

export function loadMetaplex(chain: Chain, opts: PluginOptions): MetaplexPlugin {
  return installMetaplex(chain, opts);
}
