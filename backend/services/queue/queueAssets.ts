// A queue only counts the cNFTs the indexer lists for its owner, checked once when the owner authorises it
// (RELIABILITY, "Hostile clients": queues). Throwaway wallets once signed queues of made-up assets, each costing the
// worker two indexer calls per item; an item the indexer does not list is settled at once, with no call at all.
import type { DasAsset } from '../das/dasAsset';
import type { RpcClient } from '../rpc/rpc';

/** Ids one getAssetBatch may name (DAS answers at most 1,000 a call, docs/UPSTREAM.md). */
const IDS_PER_CALL = 1000;
export const NOT_LISTED = 'The indexer does not list this cNFT in the wallet, so it was not sent.';

/** The ids among `ids` the indexer lists as compressed assets of `owner`, not burnt. */
export async function listedCnfts(das: RpcClient, owner: string, ids: string[]): Promise<Set<string>> {
  const listed = new Set<string>();
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
    const assets = await das.call<(DasAsset | null)[]>('getAssetBatch', { ids: ids.slice(i, i + IDS_PER_CALL) });
    for (const a of Array.isArray(assets) ? assets : [])
      if (a?.compression?.compressed && !a.burnt && a.ownership?.owner === owner) listed.add(a.id);
  }
  return listed;
}
