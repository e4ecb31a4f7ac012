// Token prices for the token list (PRODUCT difference 14), from the DAS indexer's fungible extension:
// `token_info.price_info.price_per_token` per mint (getAssetBatch) and the SOL price from
// `nativeBalance.price_per_sol` (getAssetsByOwner with showNativeBalance, one item). A price missing, malformed or in
// another currency than USD(C) is left out: the page shows that value as unknown, never as zero. A failing indexer
// costs the prices, never the list. Recorded answer: __tests__/fixtures/das/prices/getAssetsByOwner-priceInfo-mainnet.json.
import type { DasAsset, DasClient } from '../das/das';

const BATCH = 1000; // getAssetBatch takes up to 1,000 ids (docs/UPSTREAM.md)
const USD = new Set(['USDC', 'USD']);

export interface TokenPrices {
  /** USD per whole token, by mint. */
  byMint: Map<string, number>;
  /** USD per SOL; null when the indexer did not say. */
  solPriceUsd: number | null;
}

const usable = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** The price per whole token a DAS asset carries, or undefined. */
export function priceOfAsset(asset: Pick<DasAsset, 'token_info'> | null | undefined): number | undefined {
  const info = asset?.token_info?.price_info;
  if (!info || !usable(info.price_per_token)) return undefined;
  if (info.currency !== undefined && !USD.has(info.currency.toUpperCase())) return undefined;
  return info.price_per_token;
}

/** The SOL price of a getAssetsByOwner answer with showNativeBalance, or null. */
export function solPriceOfPage(
  page: { nativeBalance?: { price_per_sol?: unknown } } | null | undefined,
): number | null {
  const p = page?.nativeBalance?.price_per_sol;
  return usable(p) && p > 0 ? p : null;
}

/** Prices are optional: the list never waits longer than this for them (then every value is unknown). */
export const PRICE_WAIT_MS = 5_000;

export async function readTokenPrices(
  das: DasClient,
  owner: string,
  mints: string[],
  waitMs = PRICE_WAIT_MS,
): Promise<TokenPrices> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<TokenPrices>((resolve) => {
    timer = setTimeout(() => resolve({ byMint: new Map(), solPriceUsd: null }), waitMs);
  });
  try {
    return await Promise.race([readAll(das, owner, mints), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function readAll(das: DasClient, owner: string, mints: string[]): Promise<TokenPrices> {
  const byMint = new Map<string, number>();
  const unique = [...new Set(mints)];
  const batches: Promise<void>[] = [];
  for (let i = 0; i < unique.length; i += BATCH) {
    const ids = unique.slice(i, i + BATCH);
    batches.push(
      das.call<(DasAsset | null)[]>('getAssetBatch', { ids, displayOptions: { showFungible: true } }).then((assets) => {
        for (const a of Array.isArray(assets) ? assets : []) {
          const price = priceOfAsset(a);
          if (a?.id && price !== undefined) byMint.set(a.id, price);
        }
      }),
    );
  }
  const sol = das
    .call<{ nativeBalance?: { price_per_sol?: unknown } }>('getAssetsByOwner', {
      ownerAddress: owner,
      page: 1,
      limit: 1,
      displayOptions: { showNativeBalance: true },
    })
    .then(solPriceOfPage);
  const [solPriceUsd] = await Promise.all([sol.catch(() => null), ...batches.map((b) => b.catch(() => undefined))]);
  return { byMint, solPriceUsd };
}
