// What `fund(owner, profile)` made, address by address (answered by POST /api/localnet/fund).
import type { RecoveryKind } from '../../../src/common/api/recovery';
import type { CnftEntry, CollectorManifest, KindsManifest, NftEntry } from '../metaplex';

export interface FundedToken {
  mint: string;
  account: string;
  program: string; // program id (base58)
  amount: string;
  decimals: number;
  name: string;
  symbol: string;
  image: string;
  metadata?: string; // Token Metadata PDA, when written
}

export interface FundedEmptyAccount {
  account: string;
  mint: string;
  program: string;
  lamports: number;
  withheld?: string; // Token-2022 transfer fees withheld in the account (raw amount)
}

export interface FundedFrozenAccount {
  account: string;
  mint: string;
  program: string;
  lamports: number;
  amount: string;
}

/** A mint whose mint authority is the funded wallet (demo profile). */
export interface FundedMint {
  mint: string;
  program: string;
  space: number;
  lamports: number;
}

export interface FundedWrappedSol {
  account: string;
  lamports: number;
  amount: string;
}

/** The recovery sources the wallet controls (demo and large profiles; backend/localnet/fund/recovery.ts). */
export interface RecoveryManifest {
  voteAccount: string;
  /** Never delegated, with 0.05 SOL of principal. */
  stakeInactive: string;
  /** 1 SOL delegated to `voteAccount`. */
  stakeDelegated: string;
  buffer: string;
  nonce: string;
  lookupTable: string;
  /** Demo and collector: empty open-orders accounts, OpenBook v1 and v2 (the latter listed in the wallet's indexer). */
  openOrdersV1?: string;
  openOrdersV2?: string;
  openOrdersIndexer?: string;
  /** Collector: an OpenBook v1 open-orders account with base tokens locked in an order (left alone). */
  openOrdersV1Funded?: string;
  /**
   * What each source folder's own local funding made (`sources/<kind>/localFunding.ts` exporting `localFunding`), by
   * kind: the demo-based profiles only.
   */
  sources: Partial<Record<RecoveryKind, string[]>>;
}

export interface FundManifest {
  owner: string;
  profile: 'demo' | 'large' | 'collector';
  lamports: number; // SOL airdropped to the owner
  tokens: FundedToken[];
  wrappedSol: FundedWrappedSol | null;
  emptyAccounts: FundedEmptyAccount[];
  frozenAccounts: FundedFrozenAccount[];
  /** Mints the wallet is mint authority of (demo: 2; large: none). */
  ownedMints?: FundedMint[];
  // From the Metaplex plugin (entry shapes owned by backend/localnet/metaplex).
  collection: NftEntry | null;
  nfts: NftEntry[];
  tree: string | null;
  cnfts: CnftEntry[];
  /** demo only: pNFTs, print edition, Token-2022 NFT, Core assets, Bubblegum V2 leaves, each entry naming its kind. */
  kinds?: KindsManifest;
  /** collector only: the NFT and cNFT states of docs/PRODUCT.md's table, beside everything the demo makes. */
  states?: CollectorManifest;
  recovery?: RecoveryManifest;
}
