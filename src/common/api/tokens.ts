// docs/PRODUCT.md#server-calls fungible tokens of a wallet and one mint's metadata.
import type { ApiResult } from './result';

/** GET /api/wallet-tokens/{wallet} — 503 when temporarily unavailable. */
export interface WalletTokenItem {
  mint: string;
  /** Raw amount, decimal string. */
  amount: string;
  /** The amount as wallets show it (the RPC's parsed uiAmountString: Token-2022 scaled-UI-amount and
   * interest-bearing extensions applied); absent when the node did not say. */
  uiAmountString?: string;
  decimals: number;
  tokenAccount: string;
  programId?: string;
  /** Present when the server already knows the mint's metadata. */
  symbol?: string;
  name?: string;
  logoURI?: string;
  metadataUri?: string;
  /** Lamports the token account holds (what closing it returns). */
  lamports?: number;
  /** USD per whole token, from the indexer's price_info (PRODUCT difference 14); absent = unknown, never zero. */
  priceUsd?: number;
}
export interface WalletTokensResponse extends ApiResult {
  tokens: WalletTokenItem[];
  /** USD per SOL, from the same indexer; absent when it did not say. */
  solPriceUsd?: number;
}

/** GET /api/token-metadata/{mint} */
export interface TokenMetadata {
  symbol: string;
  name: string;
  icon: string | null;
  decimals: number;
  uri: string | null;
}
export interface TokenMetadataResponse extends ApiResult {
  data?: TokenMetadata;
}
