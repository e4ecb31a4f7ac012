// The value filter and sort of the token section's tools (PRODUCT, the page: bulk tools; PRODUCT difference 14).
import type { AssetFilter, ValueFilter } from '../assetTools/assetToolsSlice';
import type { TokenValue } from './tokenValues';

export const VALUE_FILTERS: readonly ValueFilter[] = ['valuable', 'worthless', 'unknown'];

export const isValueFilter = (f: AssetFilter): f is ValueFilter => (VALUE_FILTERS as readonly string[]).includes(f);

/** Highest value first (integer micro-USD); tokens of unknown value last, never as if they were worth zero. */
export function byValue(values: ReadonlyMap<string, TokenValue>) {
  const of = (mint: string): bigint | null => {
    const v = values.get(mint)?.microUsd;
    return v == null ? null : BigInt(v);
  };
  return (a: { mint: string }, b: { mint: string }): number => {
    const x = of(a.mint);
    const y = of(b.mint);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return x === y ? 0 : x > y ? -1 : 1;
  };
}
