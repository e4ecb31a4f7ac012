// Each listed token's value class (PRODUCT difference 14): valuable / worthless / unknown, from the indexer's price, the listed
// balance and the account's listed lamports (src/chain/tokenValue.ts has the rule and its integer arithmetic). The
// burn itself decides again from what it reads on the chain (valueAtBurn.ts); these drive the cards, the filters and
// what "Select all" leaves out.
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store';
import { type ValueClass, classifyValue, valueLamports, valueMicroUsd } from '../../../chain/tokenValue';
import { NATIVE_MINT } from '../../../common/addresses';
import type { Token } from '../tokens/tokenModel';

export interface TokenValue {
  cls: ValueClass;
  /** Rounded down; null = unknown. Strings: the store keeps plain data. */
  microUsd: string | null;
  lamports: string | null;
}

export function tokenValue(t: Token, solPriceUsd: number | null): TokenValue {
  const input = { amount: BigInt(t.balance || '0'), decimals: t.decimals, priceUsd: t.priceUsd };
  const micro = valueMicroUsd(input);
  const lamports = valueLamports(input, solPriceUsd);
  // Lamports not listed: compared with 0, so anything worth something counts as valuable until the burn reads them.
  const cls = classifyValue({ ...input, lamports: t.lamports ?? 0, native: t.mint === NATIVE_MINT }, solPriceUsd);
  return { cls, microUsd: micro === null ? null : micro.toString(), lamports: lamports?.toString() ?? null };
}

export const selectTokenValues = createSelector(
  [(s: RootState) => s.tokens.items, (s: RootState) => s.tokens.solPriceUsd],
  (tokens, sol) => new Map(tokens.map((t) => [t.mint, tokenValue(t, sol)])),
);

/** Mints worth more than their account returns: never taken by "Select all" or any bulk selection. */
export const selectValuableMints = createSelector(
  [selectTokenValues],
  (values) => new Set([...values].filter(([, v]) => v.cls === 'valuable').map(([m]) => m)),
);
