// A collection's own NFT carries no collection grouping in DAS (it is the collection; members point at its mint in
// grouping[].group_value), so it used to read "Unknown Collection". When the wallet also holds a
// member, the member's grouping names this NFT as its collection: the NFT is then labelled with its own name.
import type { WalletAsset } from '../../../src/common/api';

export function nameOwnCollections<T extends WalletAsset>(assets: T[], all: readonly WalletAsset[] = assets): T[] {
  const collections = new Set(all.map((a) => a.collectionAddress).filter((c): c is string => !!c));
  return assets.map((a) => (!a.collection && a.name && collections.has(a.id) ? { ...a, collection: a.name } : a));
}
