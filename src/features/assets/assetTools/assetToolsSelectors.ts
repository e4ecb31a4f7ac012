import { createSelector } from '@reduxjs/toolkit';
import { spamLabels } from '../../../common/safeText';
import { NATIVE_MINT } from '../../../common/addresses';
import type { RootState } from '../../../app/store';
import type { Cnft, Nft } from '../nfts/nftModel';
import type { AssetRent } from '../selectionRent/selectionRentSlice';
import type { Token } from '../tokens/tokenModel';
import type { TokenValue } from '../value/tokenValues';
import { byValue, isValueFilter } from '../value/valueTools';
import type { SectionTools } from './assetToolsSlice';

// The lists each section shows: search (name, symbol or mint, case-insensitive), filter, then sort. Pure functions
// of state, memoised, so typing in the search box of a 1,000-token wallet filters in well under a frame.

export const isWrappedSol = (t: Pick<Token, 'mint'>): boolean => t.mint === NATIVE_MINT;
export const tokenSpamLabels = (t: Pick<Token, 'name' | 'symbol'>) => spamLabels(t.name, t.symbol);
export const nftSpamLabels = (n: Pick<Nft, 'name'>) => spamLabels(n.name);

const matches = (q: string, ...fields: (string | undefined)[]) =>
  q === '' || fields.some((f) => f !== undefined && f.toLowerCase().includes(q));

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { numeric: true });

function bySolBack<T extends { mint: string }>(rents: Record<string, AssetRent>) {
  const back = (x: T) => (rents[x.mint] && !rents[x.mint].native ? rents[x.mint].lamports : -1);
  return (a: T, b: T) => back(b) - back(a);
}

export function shownTokens(
  tokens: readonly Token[],
  tools: SectionTools,
  rents: Record<string, AssetRent>,
  values: ReadonlyMap<string, TokenValue> = new Map(),
): Token[] {
  const q = tools.query.trim().toLowerCase();
  let out = tokens.filter((t) => matches(q, t.name, t.symbol, t.mint));
  if (isValueFilter(tools.filter)) out = out.filter((t) => (values.get(t.mint)?.cls ?? 'unknown') === tools.filter);
  else if (tools.filter === 'spam') out = out.filter((t) => tokenSpamLabels(t).length > 0);
  else if (tools.filter === 'unwrap') out = out.filter(isWrappedSol);
  else if (tools.filter === 'burnable') out = out.filter((t) => !isWrappedSol(t) && tokenSpamLabels(t).length === 0);
  if (tools.sort === 'name') out = [...out].sort(byName);
  else if (tools.sort === 'solBack') out = [...out].sort(bySolBack<Token>(rents));
  else if (tools.sort === 'value') out = [...out].sort(byValue(values));
  return out;
}

export function shownNfts<T extends Nft | Cnft>(
  nfts: readonly T[],
  tools: SectionTools,
  rents: Record<string, AssetRent>,
): T[] {
  const q = tools.query.trim().toLowerCase();
  let out = nfts.filter((n) => matches(q, n.name, n.collection, n.mint));
  if (tools.filter === 'spam') out = out.filter((n) => nftSpamLabels(n).length > 0);
  else if (tools.filter === 'burnable') out = out.filter((n) => nftSpamLabels(n).length === 0);
  if (tools.sort === 'name') out = [...out].sort(byName);
  else if (tools.sort === 'solBack') out = [...out].sort(bySolBack<T>(rents));
  return out;
}

/** Mints whose account the token program refuses to burn (frozen by the mint): labelled, offered to hide. */
export const selectFrozenMints = createSelector(
  [(s: RootState) => s.leftAlone.accounts],
  (accounts) => new Set(accounts.filter((a) => a.reason === 'frozen').map((a) => a.mint)),
);

/**
 * What "Select all" takes from a shown list: never wrapped SOL (the owner's SOL), a frozen (unburnable) account, nor
 * a token worth more than the SOL its account returns (PRODUCT difference 14: those are ticked one by one or not at all).
 */
export const selectAllCandidates = (
  tokens: readonly Token[],
  frozen: ReadonlySet<string> = new Set(),
  valuable: ReadonlySet<string> = new Set(),
): string[] =>
  tokens.filter((t) => !isWrappedSol(t) && !frozen.has(t.mint) && !valuable.has(t.mint)).map((t) => t.mint);
