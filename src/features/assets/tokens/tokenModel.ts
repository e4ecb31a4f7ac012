import type { TokenMetadata, WalletTokenItem } from '../../../common/api';
import { DEFAULT_TOKEN_ICON } from '../../../common/constants';
import { ASSETS, defaultTokenName, defaultTokenSymbol } from '../../../common/texts';

// The client-side token of docs/PRODUCT.md#data-and-defaults and its defaults. Plain data: balance is the raw amount as a decimal string.

export interface Token {
  mint: string;
  balance: string;
  decimals: number;
  /** The balance as wallets show it (decimal string from the chain's parsed answer), when known. */
  uiAmount?: string;
  account: string;
  symbol: string;
  name: string;
  logoURI: string;
  metadataUri: string | null;
  programId?: string;
  /** false until the server or the metadata endpoint described this mint (then enrichment asks for it). */
  hasMetadata: boolean;
  /** Lamports of the token account as listed (closing returns them); the burn re-reads them from the chain. */
  lamports?: number;
  /** USD per whole token from the indexer (PRODUCT difference 14); undefined = value unknown (never shown as zero). */
  priceUsd?: number;
}

/**
 * docs/PRODUCT.md#data-and-defaults: "one specific token mint is forced to 0 decimals (mint value not shown)". The value is configured here;
 * null means no mint is forced.
 */
export const ZERO_DECIMALS_MINT: string | null = null;

/** The server may already carry metadata on an item; these optional fields are read when present. */
export type TokenSourceItem = WalletTokenItem & {
  symbol?: string | null;
  name?: string | null;
  icon?: string | null;
  logoURI?: string | null;
  uri?: string | null;
  metadataUri?: string | null;
};

export function tokenFromItem(item: TokenSourceItem, forcedZeroMint: string | null = ZERO_DECIMALS_MINT): Token {
  const symbol = item.symbol?.trim();
  const name = item.name?.trim();
  return {
    mint: item.mint,
    balance: String(item.amount),
    decimals: item.mint === forcedZeroMint ? 0 : item.decimals,
    ...(item.uiAmountString && item.mint !== forcedZeroMint ? { uiAmount: item.uiAmountString } : {}),
    account: item.tokenAccount,
    symbol: symbol || defaultTokenSymbol(item.mint),
    name: name || defaultTokenName(item.mint),
    logoURI: item.logoURI || item.icon || DEFAULT_TOKEN_ICON,
    metadataUri: item.metadataUri ?? item.uri ?? null,
    programId: item.programId,
    hasMetadata: Boolean(symbol || name),
    ...(typeof item.lamports === 'number' ? { lamports: item.lamports } : {}),
    ...(typeof item.priceUsd === 'number' ? { priceUsd: item.priceUsd } : {}),
  };
}

export function withMetadata(
  token: Token,
  meta: TokenMetadata,
  forcedZeroMint: string | null = ZERO_DECIMALS_MINT,
): Token {
  return {
    ...token,
    symbol: meta.symbol?.trim() || token.symbol,
    name: meta.name?.trim() || token.name,
    logoURI: meta.icon || token.logoURI,
    metadataUri: meta.uri ?? token.metadataUri,
    decimals: token.mint === forcedZeroMint ? 0 : token.decimals,
    hasMetadata: true,
  };
}

/** docs/PRODUCT.md#loading: a metadata failure falls back to unknown token data. */
export function withUnknownMetadata(token: Token): Token {
  return { ...token, symbol: ASSETS.unknownSymbol, name: ASSETS.unknownTokenName, hasMetadata: true };
}

/** docs/PRODUCT.md#data-and-defaults: burnable only if the amount is above 0 and it is not the single-unit zero-decimal NFT pattern. */
export function isBurnable(t: { balance: string; decimals: number }): boolean {
  const amount = BigInt(t.balance || '0');
  return amount > 0n && !(t.decimals === 0 && amount === 1n);
}
