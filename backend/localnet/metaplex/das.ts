// The DAS JSON-RPC methods (params are objects, as on Helius). Compressed NFTs come from the cNFT index; regular
// NFTs and fungible tokens are read from the chain's current accounts, so a burned NFT or a closed account is gone.
import bs58 from 'bs58';
import type { MetadataAccountData } from '@metaplex-foundation/mpl-token-metadata';
import type { Chain } from '../chain';
import { isValidAddress } from '../decode';
import { localTokenPriceUsd, nativeBalance } from '../prices';
import { RpcError } from '../txErrors';
import { decodeMetadata, decodeMint } from './accounts';
import { cnftAsset, coreAsset, fungibleAsset, isNonFungible, nftAsset, printsOf } from './assets';
import { MPL_CORE_PROGRAM } from './constants';
import { decodeCoreAsset } from './core';
import { freezePlugins } from './corePlugins';
import { editionPda } from './pdas';
import { getTokenAccounts } from './dasTokenAccounts';
import type { CnftStore } from './cnfts';
import type { IndexedTokenAccount, TokenIndex } from './tokenIndex';

type Params = Record<string, unknown> | undefined;
const MAX_LIMIT = 1000;

const invalid = (msg: string) => new RpcError(-32602, `Invalid params: ${msg}`);

function address(p: Params, ...names: string[]): string {
  const v = names.map((n) => p?.[n]).find((x) => x !== undefined);
  if (!isValidAddress(v)) throw invalid(`${names[0]} must be a base58 address`);
  return v;
}

function paging(p: Params): { page: number; limit: number } {
  const page = p?.page ?? 1;
  const limit = p?.limit ?? MAX_LIMIT;
  if (!Number.isInteger(page) || (page as number) < 1) throw invalid('page must be a positive integer');
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT)
    throw invalid(`limit must be between 1 and ${MAX_LIMIT}`);
  return { page: page as number, limit: limit as number };
}

const pageOf = <T>(all: T[], { page, limit }: { page: number; limit: number }) => {
  const items = all.slice((page - 1) * limit, page * limit);
  return { total: items.length, limit, page, items }; // Helius' total counts this page's items
};

export function createDasMethods(
  chain: Chain,
  cnfts: CnftStore,
  tokens: TokenIndex,
  authority: string,
  collections: () => Map<string, Set<string>>,
  coreIds: () => Iterable<string> = () => [],
) {
  // Core assets: read from their accounts (a burned one is a one-byte account and answers nothing).
  const core = (id: string) => {
    const acc = chain.getAccount(id);
    const d = acc?.owner === MPL_CORE_PROGRAM ? decodeCoreAsset(acc.data) : null;
    if (!d) return null;
    const ua = d.asset.updateAuthority;
    return coreAsset(id, {
      owner: d.asset.owner,
      name: d.asset.name,
      uri: d.asset.uri,
      updateAuthority: { type: ua.__kind, address: ua.__kind === 'None' ? undefined : ua.fields[0] },
      plugins: freezePlugins(acc!.data),
    });
  };
  const coreOwnedBy = (owner: string) =>
    [...coreIds()]
      .sort()
      .map(core)
      .filter((a) => a?.ownership.owner === owner);
  // Decoded metadata and mints, dropped whenever the chain reports the account changed.
  const metaCache = new Map<string, MetadataAccountData | null>();
  const mintCache = new Map<string, { supply: bigint; decimals: number } | null>();
  tokens.onChange = (a) => {
    metaCache.delete(a);
    mintCache.delete(a);
  };
  const metadataOf = (mint: string): MetadataAccountData | null => {
    const address = tokens.metadataAddress(mint);
    if (!address) return null;
    if (!metaCache.has(address)) {
      const acc = chain.getAccount(address);
      metaCache.set(address, acc ? decodeMetadata(acc.data) : null);
    }
    return metaCache.get(address)!;
  };
  const mintOf = (mint: string) => {
    if (!mintCache.has(mint)) {
      const a = chain.getAccount(mint);
      mintCache.set(mint, a ? decodeMint(a.data) : null);
    }
    return mintCache.get(mint)!;
  };

  const cnft = (id: string) => {
    const r = cnfts.records.get(id);
    const tree = r && cnfts.trees.get(r.tree)!;
    return r && cnftAsset(r, tree!, tree!.leaf(r.leafIndex), authority);
  };

  /** One asset per mint among these token accounts (zero balances are not holdings). */
  const tokenAssets = (accounts: IndexedTokenAccount[], showFungible: boolean) => {
    const byMint = new Map<string, IndexedTokenAccount[]>();
    for (const a of accounts) if (a.amount > 0n) byMint.set(a.mint, [...(byMint.get(a.mint) ?? []), a]);
    const nfts: unknown[] = [];
    const fungibles: unknown[] = [];
    for (const [mint, holders] of [...byMint].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const info = mintOf(mint);
      if (!info) continue;
      const meta = metadataOf(mint);
      if (isNonFungible(meta, info.decimals, info.supply))
        nfts.push(nftAsset(mint, meta!, holders[0], printsOf(chain.getAccount(editionPda(mint))?.data)));
      else if (showFungible)
        fungibles.push(fungibleAsset(mint, meta, holders, info, localTokenPriceUsd(mint, meta, authority)));
    }
    return { nfts, fungibles };
  };

  const assetById = (id: string) =>
    cnft(id) ??
    core(id) ??
    (() => {
      const { nfts, fungibles } = tokenAssets(tokens.holdersOf(id), true);
      return nfts[0] ?? fungibles[0] ?? null;
    })();

  const proofOf = (id: string) => {
    const r = cnfts.records.get(id);
    if (!r) return null;
    const tree = cnfts.trees.get(r.tree)!;
    return {
      root: bs58.encode(tree.root()),
      proof: tree.proof(r.leafIndex).map((n) => bs58.encode(n)),
      node_index: tree.capacity + r.leafIndex,
      leaf: bs58.encode(tree.leaf(r.leafIndex)),
      tree_id: r.tree,
    };
  };

  const showFungible = (p: Params) => {
    const o = (p?.displayOptions ?? p?.options) as { showFungible?: boolean } | undefined;
    return o?.showFungible === true;
  };

  // displayOptions.showCollectionMetadata: each collection grouping carries the collection's own name and symbol,
  // read from its metadata account, as Metaplex's indexer answers it (grouping[].collection_metadata).
  const withCollectionMetadata = <T>(p: Params, asset: T): T => {
    const o = (p?.displayOptions ?? p?.options) as { showCollectionMetadata?: boolean } | undefined;
    const a = asset as { grouping?: { group_key: string; group_value: string }[] } | null;
    if (o?.showCollectionMetadata !== true || !a?.grouping?.length) return asset;
    const grouping = a.grouping.map((g) => {
      if (g.group_key !== 'collection') return g;
      const meta = metadataOf(g.group_value);
      const clean = (s: string | undefined) => (s ?? '').replace(/\0/g, '').trim();
      return { ...g, collection_metadata: meta ? { name: clean(meta.name), symbol: clean(meta.symbol) } : {} };
    });
    return { ...a, grouping } as T;
  };

  /** Helius' searchAssets, for the filters a wallet tool uses: owner or collection, tokenType, compressed, burnt. */
  const search = (p: Params) => {
    const type = (p?.tokenType as string | undefined) ?? 'nonFungible';
    let items: { compression: { compressed: boolean }; burnt: boolean; interface: string }[];
    const grouping = p?.grouping as [string, string] | undefined;
    if (p?.ownerAddress !== undefined) {
      const owner = address(p, 'ownerAddress');
      const { nfts, fungibles } = tokenAssets(tokens.ownedBy(owner), type === 'fungible' || type === 'all');
      items = [
        ...nfts,
        ...coreOwnedBy(owner),
        ...cnfts.ownedBy(owner).map((r) => cnft(r.id)),
        ...fungibles,
      ] as typeof items;
    } else if (Array.isArray(grouping) && grouping[0] === 'collection') {
      items = methods.getAssetsByGroup({ groupKey: 'collection', groupValue: grouping[1] }).items as typeof items;
    } else throw invalid('searchAssets needs ownerAddress or a collection grouping');
    const keep = (a: (typeof items)[number]) => {
      const fungible = a.interface === 'FungibleToken';
      if (type === 'fungible' && !fungible) return false;
      if ((type === 'nonFungible' || type === 'regularNft' || type === 'compressedNft') && fungible) return false;
      if (type === 'regularNft' && a.compression.compressed) return false;
      if (type === 'compressedNft' && !a.compression.compressed) return false;
      if (typeof p?.compressed === 'boolean' && a.compression.compressed !== p.compressed) return false;
      return typeof p?.burnt !== 'boolean' || a.burnt === p.burnt;
    };
    return pageOf(items.filter(keep), paging(p));
  };

  const methods = {
    searchAssets: search,
    getAsset(p: Params) {
      const id = address(p, 'id', 'assetId');
      const asset = assetById(id);
      if (!asset) throw new RpcError(-32000, 'Asset not found');
      return withCollectionMetadata(p, asset);
    },
    getAssets(p: Params) {
      const ids = p?.ids;
      if (!Array.isArray(ids) || ids.length > MAX_LIMIT || !ids.every(isValidAddress))
        throw invalid('ids must be a list of addresses');
      return ids.map((id) => assetById(id));
    },
    getAssetProof(p: Params) {
      const proof = proofOf(address(p, 'id', 'assetId'));
      if (!proof) throw new RpcError(-32000, 'Asset proof not found');
      return proof;
    },
    getAssetProofs(p: Params) {
      const ids = p?.ids;
      if (!Array.isArray(ids) || ids.length > MAX_LIMIT || !ids.every(isValidAddress))
        throw invalid('ids must be a list of addresses');
      return Object.fromEntries(ids.map((id) => [id, proofOf(id)]));
    },
    getAssetsByOwner(p: Params) {
      const owner = address(p, 'ownerAddress');
      const { nfts, fungibles } = tokenAssets(tokens.ownedBy(owner), showFungible(p));
      const compressed = cnfts
        .ownedBy(owner)
        .sort((a, b) => (a.tree === b.tree ? a.leafIndex - b.leafIndex : a.tree < b.tree ? -1 : 1))
        .map((r) => cnft(r.id));
      const page = pageOf(
        [...nfts, ...coreOwnedBy(owner), ...compressed, ...fungibles].map((a) => withCollectionMetadata(p, a)),
        paging(p),
      );
      // Helius' displayOptions.showNativeBalance: the owner's SOL and its price (PRODUCT difference 14: the SOL price).
      const o = (p?.displayOptions ?? p?.options) as { showNativeBalance?: boolean } | undefined;
      return o?.showNativeBalance === true ? { ...page, nativeBalance: nativeBalance(chain.getBalance(owner)) } : page;
    },
    getTokenAccounts: (p: Params) => getTokenAccounts(chain, tokens, p, paging(p)),
    getAssetsByGroup(p: Params) {
      if (p?.groupKey !== 'collection') throw invalid('groupKey must be "collection"');
      const value = address(p, 'groupValue');
      const compressed = [...cnfts.records.values()]
        .filter((r) => r.collection === value && !r.burnt)
        .map((r) => cnft(r.id));
      const regular = [...(collections().get(value) ?? [])]
        .sort()
        .map((mint) => tokenAssets(tokens.holdersOf(mint), false).nfts[0])
        .filter(Boolean);
      return pageOf([...regular, ...compressed], paging(p));
    },
  };
  // Older Helius names of the batch methods.
  return { ...methods, getAssetBatch: methods.getAssets, getAssetProofBatch: methods.getAssetProofs };
}
