// A collection's own NFT (no collection grouping in DAS) is labelled with its own name when the
// wallet holds a member whose grouping names it; otherwise nothing is invented.
import { nameOwnCollections } from '../../backend/services/assets/ownCollection';
import type { WalletAsset } from '../../src/common/api';

const asset = (id: string, name: string, collectionAddress: string | null, collection: string | null = null) =>
  ({ id, mint: id, name, image: null, collection, collectionAddress, compressed: false }) as WalletAsset;

it('names the collection NFT after itself when a member points at it; members and strays keep theirs', () => {
  const col = asset('Col111', 'SolBack Demo Collection 1', null);
  const member = asset('Mem111', 'SolBack Demo #2', 'Col111', 'SolBack Demo Collection 1');
  const stray = asset('Str111', 'Lonely', null);
  const out = nameOwnCollections([col, member, stray]);
  expect(out.map((a) => a.collection)).toEqual(['SolBack Demo Collection 1', 'SolBack Demo Collection 1', null]);
  // A member among the cNFTs counts too (a cNFT collection is a regular NFT).
  const cnftMember = { ...asset('Leaf11', 'Leaf', 'Col111', 'SolBack Demo Collection 1'), compressed: true };
  expect(nameOwnCollections([col], [col, cnftMember])[0].collection).toBe('SolBack Demo Collection 1');
  expect(nameOwnCollections([col])[0].collection).toBeNull();
});
