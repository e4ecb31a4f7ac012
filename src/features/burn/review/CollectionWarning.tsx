// In the review step: the collection NFTs this burn destroys, before the wallet is asked (PRODUCT difference 18). The
// members are read from the NFT's own metadata on chain (its collection details), never from the server.
import type { CollectionParent } from '../../../chain/nftBurnPlan';
import { COLLECTION_WARNING } from '../../../common/texts';

export function CollectionWarning({ items }: { items: CollectionParent[] }) {
  if (items.length === 0) return null;
  return (
    <div className="collection-warning" role="alert" data-testid="collection-warning" data-count={items.length}>
      <h4>{COLLECTION_WARNING.title}</h4>
      <ul>
        {items.map((c) => (
          <li key={c.mint} title={c.mint} data-mint={c.mint} data-members={c.members ?? ''}>
            {COLLECTION_WARNING.item(c.name, c.members)}
          </li>
        ))}
      </ul>
      <p className="review-note">{COLLECTION_WARNING.hint}</p>
    </div>
  );
}
