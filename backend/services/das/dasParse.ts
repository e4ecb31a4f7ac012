// Reading DAS asset answers the way wallets show them. Recorded answers these rules were checked against:
// __tests__/fixtures/upstream/das/*.json (Metaplex's reference indexer snapshots).
import type { DasAsset } from './dasAsset';

/** DAS display options the server sends: collection names come inside each asset, no extra call per collection. */
export const DAS_DISPLAY_OPTIONS = { showCollectionMetadata: true } as const;

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|svg|avif|bmp)(\?|#|$)/i;

/** The MIME type a DAS file entry says, or one guessed from the URI's extension; '' when neither tells. */
function mimeOf(file: { uri?: string; mime?: string }): string {
  if (file.mime) return file.mime.toLowerCase();
  return file.uri && IMAGE_EXTENSION.test(file.uri) ? 'image/*' : '';
}

/**
 * The picture to show: image files only. `links.image` is the metadata's `image` (for an animated NFT its poster),
 * unless the files list says that URI is not an image (some collections put the video there); then the first
 * file whose MIME type is an image. A video, audio, model or web page is never returned.
 */
export function assetImage(asset: DasAsset): string | null {
  const files = asset.content?.files ?? [];
  const linked = asset.content?.links?.image;
  if (linked) {
    const described = files.find((f) => f.uri === linked || f.cdn_uri === linked);
    const mime = described ? mimeOf(described) : '';
    if (!described || mime === '' || mime.startsWith('image/')) return linked;
  }
  const image = files.find((f) => mimeOf(f).startsWith('image/'));
  return image?.uri ?? null;
}

/** Collection address and name, the same in listings and `/api/helius/asset`: name null when DAS did not give one. */
export function assetCollection(asset: DasAsset): { collection: string | null; collectionAddress: string | null } {
  const group = asset.grouping?.find((g) => g.group_key === 'collection');
  const name = group?.collection_metadata?.name?.trim();
  return { collection: name || null, collectionAddress: group?.group_value ?? null };
}
