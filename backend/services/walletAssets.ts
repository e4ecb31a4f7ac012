import type { AssetCompression, WalletAsset } from '../../src/common/apiTypes';
import { type DasKindFields, classifyAsset } from '../../src/chain/assetKind';
import type { DasAsset, DasClient } from './das';
import type { RpcClient } from './rpc';
import { listTokenAccounts } from './tokenAccounts';
import { fetchMintInfos, metadataPda } from './tokenMetadata';

const FUNGIBLE = new Set(['FungibleToken', 'FungibleAsset']);

/**
 * A wallet's NFTs and cNFTs from DAS getAssetsByOwner (all pages), completed with a bounded number of RPC calls:
 * one getTokenAccountsByOwner pair for the NFTs' token accounts and one batched pass for collection names.
 */
export async function listWalletAssets(
  das: DasClient,
  rpc: RpcClient,
  owner: string,
): Promise<{ regularNfts: WalletAsset[]; compressedNfts: WalletAsset[] }> {
  const assets = (await das.getAllAssetsByOwner(owner)).filter((a) => !a.burnt && !FUNGIBLE.has(a.interface ?? ''));
  const regular = assets.filter((a) => !a.compression?.compressed);
  const compressed = assets.filter((a) => a.compression?.compressed);

  const tokenAccountByMint = new Map<string, { address: string; program: string }>();
  if (regular.length) {
    for (const acc of await listTokenAccounts(rpc, owner)) {
      if (acc.amount > 0n) tokenAccountByMint.set(acc.mint, { address: acc.address, program: acc.program });
    }
  }
  const collectionNames = await resolveCollectionNames(rpc, assets);

  const base = (a: DasAsset): WalletAsset => {
    const collectionAddress = a.grouping?.find((g) => g.group_key === 'collection')?.group_value ?? null;
    return {
      id: a.id,
      mint: a.id,
      name: a.content?.metadata?.name?.trim() || '',
      ...(a.content?.metadata?.symbol ? { symbol: a.content.metadata.symbol } : {}),
      image: a.content?.links?.image || a.content?.files?.[0]?.uri || null,
      collection: (collectionAddress && collectionNames.get(collectionAddress)) || null,
      collectionAddress,
      compressed: !!a.compression?.compressed,
      ...(a.ownership
        ? { ownership: { owner: a.ownership.owner, delegate: a.ownership.delegate ?? null, delegated: !!a.ownership.delegated,
            ...ownershipFlags(a) } }
        : {}),
      ...kindFields(a),
    };
  };

  return {
    regularNfts: regular.map((a) => {
      const acc = tokenAccountByMint.get(a.id);
      return {
        ...base(a),
        tokenAddress: acc?.address ?? a.token_info?.associated_token_address ?? null,
        metadataAddress: metadataPda(a.id),
        ...(acc ? { tokenProgram: acc.program } : a.token_info?.token_program ? { tokenProgram: a.token_info.token_program } : {}),
      };
    }),
    compressedNfts: compressed.map((a) => ({ ...base(a), compression: compressionOf(a) })),
  };
}

function compressionOf(a: DasAsset): AssetCompression {
  const c = a.compression!;
  return {
    compressed: true,
    tree: c.tree ?? '',
    ...((c as { root?: string }).root ? { root: (c as { root?: string }).root } : {}),
    data_hash: c.data_hash ?? '',
    creator_hash: c.creator_hash ?? '',
    leaf_id: c.leaf_id ?? 0,
    ...v2Fields(c as DasKindFields['compression']),
  };
}

// Issue 14: the kind and what the programs refuse (src/chain/assetKind.ts), and the V2 / freeze fields DAS answers.
function kindFields(a: DasAsset): Pick<WalletAsset, 'kind' | 'blocked'> {
  const info = classifyAsset(a as DasKindFields);
  return { kind: info.kind, ...(info.blocked ? { blocked: info.blocked } : {}) };
}

function ownershipFlags(a: DasAsset): { frozen?: boolean; non_transferable?: boolean } {
  const o = (a as DasKindFields).ownership ?? {};
  return { ...(o.frozen ? { frozen: true } : {}), ...(o.non_transferable !== undefined ? { non_transferable: o.non_transferable } : {}) };
}

function v2Fields(c: DasKindFields['compression']): Partial<AssetCompression> {
  if (!c || c.flags === undefined) return {};
  return { flags: c.flags, ...(c.collection_hash ? { collection_hash: c.collection_hash } : {}),
    ...(c.asset_data_hash ? { asset_data_hash: c.asset_data_hash } : {}) };
}

/** Collection names: from DAS when it includes them, else from the collection mints' metadata in one batched pass. */
async function resolveCollectionNames(rpc: RpcClient, assets: DasAsset[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const missing = new Set<string>();
  for (const a of assets) {
    const g = a.grouping?.find((x) => x.group_key === 'collection');
    if (!g) continue;
    if (g.collection_metadata?.name) names.set(g.group_value, g.collection_metadata.name);
    else missing.add(g.group_value);
  }
  const todo = [...missing].filter((m) => !names.has(m));
  if (todo.length) {
    try {
      for (const [mint, info] of await fetchMintInfos(rpc, todo, () => false)) if (info.name) names.set(mint, info.name);
    } catch {
      // names are cosmetic; the client shows 'Unknown Collection'
    }
  }
  return names;
}
