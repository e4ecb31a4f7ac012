import type { AssetCompression } from '../../../common/api';
import { DEFAULT_NFT_IMAGE } from '../../../common/constants';
import { ASSETS, defaultNftName } from '../../../common/texts';
import type { Cnft } from '../nfts/nftModel';

// docs/PRODUCT.md#loading "if no cNFTs and signing is available, a handler for cNFTs": the wallet's compressed assets asked
// directly of the chain connection's endpoint with the DAS method getAssetsByOwner (our /api/rpc answers DAS too).

interface DasAsset {
  id: string;
  burnt?: boolean;
  content?: { metadata?: { name?: string }; links?: { image?: string }; files?: { uri?: string }[] };
  compression?: AssetCompression & { compressed?: boolean };
  grouping?: { group_key: string; group_value: string }[];
  ownership?: { delegated?: boolean };
}

export class DasLookupError extends Error {
  name = 'DasLookupError';
}

const PAGE_LIMIT = 1000;
const MAX_PAGES = 20;

function toCnft(a: DasAsset): Cnft {
  const name = a.content?.metadata?.name?.replace(/\0+$/g, '').trim();
  return {
    mint: a.id,
    name: name || defaultNftName(a.id),
    image: a.content?.links?.image || a.content?.files?.[0]?.uri || DEFAULT_NFT_IMAGE,
    // DAS gives the collection's address, not its name.
    collection: ASSETS.unknownCollection,
    compression: a.compression,
    delegated: a.ownership?.delegated,
  };
}

export async function lookupCnftsViaDas(
  rpcEndpoint: string,
  owner: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<Cnft[]> {
  const found: Cnft[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await fetchFn(rpcEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: `cnfts-${page}`,
        method: 'getAssetsByOwner',
        params: { ownerAddress: owner, page, limit: PAGE_LIMIT },
      }),
    });
    if (!res.ok) throw new DasLookupError(`getAssetsByOwner answered HTTP ${res.status}`);
    const body = (await res.json()) as { result?: { items?: DasAsset[] }; error?: { message?: string } };
    if (body.error || !Array.isArray(body.result?.items))
      throw new DasLookupError(body.error?.message ?? 'getAssetsByOwner failed');
    const items = body.result.items;
    for (const a of items) if (a.compression?.compressed && !a.burnt) found.push(toCnft(a));
    if (items.length < PAGE_LIMIT) break;
  }
  return found;
}
