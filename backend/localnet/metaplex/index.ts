// The Metaplex side of the local chain: NFTs with Token Metadata accounts, compressed NFTs in local Bubblegum trees,
// the DAS API over both, and the two programs no registry ships — Token Metadata (burnV1) and Bubblegum (transfer,
// delegate, burn) — EMULATED here: their ids run the SPL Noop program and emulators/ apply the state changes.
import { Keypair } from '@solana/web3.js';
import type { Chain } from '../chain';
import type { ProgramEmulator } from '../emulated/types';
import { CnftStore, type CnftEntry, type CnftSnapshot, cnftEntry } from './cnfts';
import { createDasMethods } from './das';
import { bubblegumEmulator } from './emulators/bubblegum';
import { coreEmulator } from './emulators/core';
import { fundCollectorStates, type CollectorManifest } from './collectorStates';
import { fundKinds, type KindsManifest } from './fundKinds';
import { tokenMetadataEmulator } from './emulators/tokenMetadata';
import { funder } from './nftMint';
import { fundNfts, mediaUrls, writeNft, type NftEntry } from './nfts';
import { TokenIndex } from './tokenIndex';

export type { NftEntry } from './nfts';
export type { CnftEntry } from './cnfts';
export type { KindsManifest } from './fundKinds';
export type { CollectorManifest } from './collectorStates';

export interface MetaplexOptions {
  authority: string; // update authority, tree creator and holder of the cNFT collection NFT
  delegate?: string;
  trashWallet?: string;
  feeWallet?: string;
  mediaBaseUrl?: string; // prefix of /static/demo/... in metadata URIs; default '' (same origin)
}

export interface MetaplexPlugin {
  emulators: ProgramEmulator[];
  dasMethods: Record<string, (params: any) => unknown>; // eslint-disable-line @typescript-eslint/no-explicit-any
  fundNfts(owner: string, count: number, opts?: { direct?: boolean }): { collection: NftEntry; nfts: NftEntry[] };
  fundCnfts(
    owner: string,
    count: number,
    opts?: { delegateIndexes?: number[]; delegate?: string },
  ): { tree: string; cnfts: CnftEntry[] };
  /** Today's kinds (PRODUCT difference 12): pNFTs, a print edition, a Token-2022 NFT, Core assets, Bubblegum V2 leaves. */
  fundKinds(owner: string): KindsManifest;
  /** The `collector` profile's states (docs/PRODUCT.md, "Every state of an NFT or cNFT"). */
  fundCollector(owner: string): CollectorManifest;
  snapshot(): MetaplexSnapshot;
  restore(snapshot: unknown): void;
  cnfts: CnftStore; // for tests and diagnostics
}

interface MetaplexSnapshot {
  version: 1;
  cnfts: CnftSnapshot;
  collections: [string, string[]][];
  serial: { nft: number; cnft: number };
  cnftCollection: string | null;
  coreIds?: string[];
}

export function installMetaplex(chain: Chain, opts: MetaplexOptions): MetaplexPlugin {
  const media = mediaUrls(opts.mediaBaseUrl);
  const cnfts = new CnftStore(chain, opts.authority);
  const tokens = new TokenIndex(chain);
  const collections = new Map<string, Set<string>>(); // collection mint → member mints (regular NFTs we made)
  const serial = { nft: 0, cnft: 0 };
  let cnftCollection: string | null = null;
  const payerKeypair = Keypair.generate();
  const coreIds = new Set<string>(); // Core assets we made (the DAS reads their accounts)

  const onBurn = (mint: string) => {
    for (const members of collections.values()) members.delete(mint);
  };

  return {
    emulators: [tokenMetadataEmulator(onBurn), bubblegumEmulator(cnfts), coreEmulator(() => {})],
    dasMethods: createDasMethods(
      chain,
      cnfts,
      tokens,
      opts.authority,
      () => collections,
      () => coreIds,
    ),
    cnfts,

    fundNfts(owner, count, o = {}) {
      // direct: everything by setAccount (the 300-NFT profile); otherwise mints and token accounts by real
      // transactions. Metadata and editions are always written directly: their program is emulated.
      const payer = o.direct ? undefined : funder(chain, payerKeypair);
      const made = fundNfts(chain, owner, count, media, () => ++serial.nft, opts.authority, payer);
      collections.set(made.collection.mint, new Set(made.nfts.map((n) => n.mint)));
      return made;
    },

    fundCnfts(owner, count, o = {}) {
      if (!cnftCollection) {
        const n = ++serial.nft;
        cnftCollection = writeNft(chain, {
          owner: opts.authority,
          name: 'SolBack Compressed Collection',
          symbol: 'SBCC',
          uri: media.json('cnft', n),
          image: media.image('cnft', n),
          updateAuthority: opts.authority,
          collectionSize: 0,
        }).mint;
      }
      const delegated = new Set(o.delegateIndexes ?? []);
      const items = Array.from({ length: count }, (_, i) => {
        const n = ++serial.cnft;
        return {
          name: `SolBack Compressed #${n}`,
          symbol: 'SBC',
          uri: media.json('cnft', n),
          image: media.image('cnft', n),
          collection: cnftCollection!,
          creators: [{ address: opts.authority, share: 100, verified: false }],
          delegate: delegated.has(i) && o.delegate ? o.delegate : null,
        };
      });
      const records = cnfts.mint(owner, items);
      return { tree: records[records.length - 1]?.tree ?? '', cnfts: records.map(cnftEntry) };
    },

    fundKinds(owner) {
      const made = fundKinds(
        { chain, cnfts, authority: opts.authority, media, payer: funder(chain, payerKeypair), serial },
        owner,
      );
      for (const c of made.coreAssets) coreIds.add(c.asset);
      return made;
    },

    fundCollector(owner) {
      const states = fundCollectorStates(
        { chain, cnfts, authority: opts.authority, media, payer: funder(chain, payerKeypair), serial },
        owner,
      );
      for (const v of Object.values(states)) if (v && typeof v === 'object' && 'asset' in v) coreIds.add(v.asset);
      return states;
    },

    snapshot() {
      return {
        version: 1,
        cnfts: cnfts.snapshot(),
        serial: { ...serial },
        cnftCollection,
        coreIds: [...coreIds],
        collections: [...collections].map(([c, m]) => [c, [...m]]),
      };
    },

    restore(raw) {
      const s = raw as MetaplexSnapshot;
      if (!s || s.version !== 1) return;
      cnfts.restore(s.cnfts);
      for (const tree of cnfts.trees.values()) cnfts.writeTree(tree);
      collections.clear();
      for (const [c, members] of s.collections) collections.set(c, new Set(members));
      Object.assign(serial, s.serial);
      cnftCollection = s.cnftCollection;
      coreIds.clear();
      for (const id of s.coreIds ?? []) coreIds.add(id);
      tokens.reset();
    },
  };
}
