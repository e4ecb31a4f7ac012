// DAS asset shapes (as Helius answers them) for compressed NFTs, regular NFTs and fungible tokens.
import bs58 from 'bs58';
import { TokenStandard, type MetadataAccountData } from '@metaplex-foundation/mpl-token-metadata';
import { isSome, unwrapOption } from '@metaplex-foundation/umi';
import { priceInfo } from '../prices';
import type { CnftRecord } from './cnfts';
import type { CoreFreezePlugin } from './corePlugins';
import { collectionHashOf } from './leaf';
import type { LocalTree } from './tree';
import type { IndexedTokenAccount } from './tokenIndex';

const SCHEMA = 'https://schema.metaplex.com/nft1.0.json';

/**
 * The image an indexer would find behind a metadata URI, without fetching: our demo JSON sits beside its SVG, and a
 * URI that is itself an image (the local demo tokens) is its own image. Anything else: unknown.
 */
export function imageForUri(uri: string): string | undefined {
  if (/\/static\/demo\/[\w-]+\.json$/.test(uri)) return uri.replace(/\.json$/, '.svg');
  return /\.(svg|png|jpe?g|gif|webp)$/i.test(uri) ? uri : undefined;
}

const MIME: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

function content(name: string, symbol: string, uri: string, image: string | undefined, tokenStandard: string) {
  return {
    $schema: SCHEMA,
    json_uri: uri,
    files: image
      ? [{ uri: image, cdn_uri: image, mime: MIME[image.split('.').pop()!.toLowerCase()] ?? 'image/png' }]
      : [],
    metadata: { name, symbol, description: '', attributes: [], token_standard: tokenStandard },
    links: image ? { image } : {},
  };
}

const royalty = (basisPoints: number, primarySale: boolean) => ({
  royalty_model: 'creators',
  target: null,
  percent: basisPoints / 10000,
  basis_points: basisPoints,
  primary_sale_happened: primarySale,
  locked: false,
});
const NOT_COMPRESSED = {
  eligible: false,
  compressed: false,
  data_hash: '',
  creator_hash: '',
  asset_hash: '',
  tree: '',
  seq: 0,
  leaf_id: 0,
};

export function cnftAsset(r: CnftRecord, tree: LocalTree, leaf: Buffer, authority: string) {
  // V2 leaves answer as the reference indexer does (digital-asset-rpc-infrastructure, cnft_tests_v2_leaf_schema
  // snapshots): collection_hash, asset_data_hash and flags after creator_hash; ownership.non_transferable.
  const v2 = r.v2 && {
    collection_hash: bs58.encode(collectionHashOf(r.v2.coreCollection)),
    asset_data_hash: r.v2.assetDataHash,
    flags: r.v2.flags,
  };
  return {
    interface: 'V1_NFT',
    id: r.id,
    content: content(r.name, r.symbol, r.uri, r.image, 'NonFungible'),
    authorities: [{ address: authority, scopes: ['full'] }],
    compression: {
      eligible: false,
      compressed: true,
      data_hash: r.dataHash,
      creator_hash: r.creatorHash,
      ...v2,
      asset_hash: bs58.encode(leaf),
      tree: r.tree,
      seq: r.seq ?? tree.seq,
      leaf_id: r.leafIndex,
    },
    grouping: r.v2
      ? r.v2.coreCollection
        ? [{ group_key: 'collection', group_value: r.v2.coreCollection, verified: true }]
        : []
      : [{ group_key: 'collection', group_value: r.collection, verified: true }],
    royalty: royalty(0, false),
    creators: r.creators,
    ownership: r.v2
      ? {
          frozen: (r.v2.flags & 3) !== 0,
          non_transferable: (r.v2.flags & 4) !== 0,
          delegated: r.delegate !== null,
          delegate: r.delegate,
          ownership_model: 'single',
          owner: r.owner,
        }
      : {
          frozen: false,
          delegated: r.delegate !== null,
          delegate: r.delegate,
          ownership_model: 'single',
          owner: r.owner,
        },
    supply: { print_max_supply: 0, print_current_supply: 0, edition_nonce: null },
    mutable: true,
    burnt: r.burnt,
  };
}

export function isNonFungible(meta: MetadataAccountData | null, decimals: number, supply: bigint): boolean {
  if (decimals !== 0 || supply !== 1n) return false;
  const ts = meta ? unwrapOption(meta.tokenStandard) : null;
  return ts === null
    ? !!meta
    : [
        TokenStandard.NonFungible,
        TokenStandard.ProgrammableNonFungible,
        TokenStandard.NonFungibleEdition,
        TokenStandard.ProgrammableNonFungibleEdition,
      ].includes(ts);
}

// Helius names a print edition V1_PRINT (the reference indexer answers V1_NFT): the token standard tells them apart.
const INTERFACE: Partial<Record<TokenStandard, [string, string]>> = {
  [TokenStandard.ProgrammableNonFungible]: ['ProgrammableNFT', 'ProgrammableNonFungible'],
  [TokenStandard.NonFungibleEdition]: ['V1_PRINT', 'NonFungibleEdition'],
};

/** A master edition's prints outstanding (MasterEditionV1/V2: key, then supply u64 LE); 0 for anything else. */
export function printsOf(edition: Uint8Array | undefined): number {
  if (!edition || (edition[0] !== 2 && edition[0] !== 6) || edition.length < 9) return 0;
  return Number(Buffer.from(edition).readBigUInt64LE(1));
}

/** `prints`: a master edition's current supply, answered as Helius does (supply.print_current_supply). */
export function nftAsset(mint: string, meta: MetadataAccountData, holder: IndexedTokenAccount, prints = 0) {
  const [iface, standard] = INTERFACE[unwrapOption(meta.tokenStandard) ?? TokenStandard.NonFungible] ?? [
    'V1_NFT',
    'NonFungible',
  ];
  const collection = unwrapOption(meta.collection);
  const creators = unwrapOption(meta.creators) ?? [];
  return {
    interface: iface,
    id: mint,
    content: content(meta.name, meta.symbol, meta.uri, imageForUri(meta.uri), standard),
    authorities: [{ address: meta.updateAuthority, scopes: ['full'] }],
    compression: NOT_COMPRESSED,
    grouping: collection
      ? [{ group_key: 'collection', group_value: collection.key, verified: collection.verified }]
      : [],
    royalty: royalty(meta.sellerFeeBasisPoints, meta.primarySaleHappened),
    creators: creators.map((c) => ({ address: c.address, share: c.share, verified: c.verified })),
    ownership: {
      frozen: holder.state === 2,
      delegated: holder.delegate !== null,
      delegate: holder.delegate,
      ownership_model: 'single',
      owner: holder.owner,
    },
    supply: {
      print_max_supply: 0,
      print_current_supply: prints,
      edition_nonce: isSome(meta.editionNonce) ? meta.editionNonce.value : null,
    },
    mutable: meta.isMutable,
    burnt: false,
    token_info: { supply: 1, decimals: 0, token_program: holder.program, associated_token_address: holder.address },
  };
}

export function fungibleAsset(
  mint: string,
  meta: MetadataAccountData | null,
  holders: IndexedTokenAccount[],
  mintInfo: { supply: bigint; decimals: number },
  pricePerToken?: number,
) {
  const balance = holders.reduce((n, h) => n + h.amount, 0n);
  const symbol = meta?.symbol ?? '';
  return {
    interface: 'FungibleToken',
    id: mint,
    content: content(meta?.name ?? '', symbol, meta?.uri ?? '', meta ? imageForUri(meta.uri) : undefined, 'Fungible'),
    authorities: meta ? [{ address: meta.updateAuthority, scopes: ['full'] }] : [],
    compression: NOT_COMPRESSED,
    grouping: [],
    royalty: royalty(0, false),
    creators: [],
    ownership: {
      frozen: holders.every((h) => h.state === 2),
      delegated: false,
      delegate: null,
      ownership_model: 'token',
      owner: holders[0].owner,
    },
    supply: null,
    mutable: meta?.isMutable ?? false,
    burnt: false,
    token_info: {
      symbol,
      balance: Number(balance),
      supply: Number(mintInfo.supply),
      decimals: mintInfo.decimals,
      token_program: holders[0].program,
      associated_token_address: holders[0].address,
      // PRODUCT difference 14: priced tokens carry price_info, as Helius answers it (backend/localnet/prices.ts).
      ...(pricePerToken !== undefined ? { price_info: priceInfo(pricePerToken, balance, mintInfo.decimals) } : {}),
    },
  };
}

/**
 * A Metaplex Core asset, shaped like the reference indexer's answer (mpl_core_tests snapshots); of its plugins, the
 * freeze ones (snake-case names, `data`, `authority` as the indexer writes them).
 */
export function coreAsset(
  id: string,
  a: {
    owner: string;
    updateAuthority: { type: string; address?: string };
    name: string;
    uri: string;
    plugins?: CoreFreezePlugin[];
  },
) {
  const inCollection = a.updateAuthority.type === 'Collection';
  return {
    interface: 'MplCoreAsset',
    id,
    content: { ...content(a.name, '', a.uri, imageForUri(a.uri), ''), metadata: { name: a.name, symbol: '' } },
    authorities: [{ address: inCollection ? '' : (a.updateAuthority.address ?? ''), scopes: ['full'] }],
    compression: NOT_COMPRESSED,
    grouping: inCollection ? [{ group_key: 'collection', group_value: a.updateAuthority.address }] : [],
    royalty: royalty(0, false),
    creators: [],
    ownership: { frozen: false, delegated: false, delegate: null, ownership_model: 'single', owner: a.owner },
    mutable: true,
    burnt: false,
    plugins: Object.fromEntries(
      (a.plugins ?? []).map((p, index) => [
        p.type === 'FreezeDelegate' ? 'freeze_delegate' : 'permanent_freeze_delegate',
        { index, data: { frozen: p.frozen }, authority: { type: 'Address', address: p.authority } },
      ]),
    ),
    mpl_core_info: { plugins_json_version: 1 },
    external_plugins: [],
  };
}
