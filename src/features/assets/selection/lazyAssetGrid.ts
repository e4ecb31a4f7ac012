// The windowed grid (with @tanstack/virtual) is its own chunk: the landing screen never shows it, and the connected
// screen preloads it as it mounts (AssetsScreen), while the first lists are still on their way from the server.
import { lazyPart } from '../../../ui/lazyPart';
import type { AssetGrid } from './AssetGrid';

const part = lazyPart(async () => (await import(/* webpackChunkName: "asset-grid" */ './AssetGrid')).AssetGrid);

/** The grid with its generic props (lazyPart's component type cannot carry the item type parameter). */
export const LazyAssetGrid = part as unknown as typeof AssetGrid & { preload: typeof part.preload };
