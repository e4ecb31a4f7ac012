// The Metaplex plugin (backend/localnet/metaplex, emulated Token Metadata + Bubblegum + DAS) as the core sees it.
import type { Chain } from './chain';
import type { ProgramEmulator } from './emulated/types';

export interface MetaplexPluginLike {
  emulators: ProgramEmulator[];
  dasMethods: Record<string, (params: any) => unknown>; // eslint-disable-line @typescript-eslint/no-explicit-any
  fundNfts(owner: string, count: number, opts?: { direct?: boolean }): { collection: unknown; nfts: unknown[] };
  fundCnfts(owner: string, count: number, opts?: { delegateIndexes?: number[]; delegate?: string }): { tree: string; cnfts: unknown[] };
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

export interface PluginOptions { delegate: string; trashWallet: string; feeWallet: string; authority: string }

export function loadMetaplex(chain: Chain, opts: PluginOptions): MetaplexPluginLike | null {
  let mod: { installMetaplex?: (chain: Chain, opts: PluginOptions) => MetaplexPluginLike };
  try {
    mod = require('./metaplex'); // eslint-disable-line @typescript-eslint/no-require-imports
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'MODULE_NOT_FOUND' && /Cannot find module '\.\/metaplex'/.test(err.message)) return null;
    throw e;
  }
  return mod.installMetaplex ? mod.installMetaplex(chain, opts) : null;
}
