// The local chain's price feed: what its DAS answers in `token_info.price_info` and `nativeBalance.price_per_sol`,
// shaped as Helius answers them (recorded answer: __tests__/fixtures/das/prices/getAssetsByOwner-priceInfo-mainnet.json).
// Every price the local chain knows is in this file (README "The local chain": prices).
//
// - SOL is 150 USD: a round figure of the order SOL has traded at, so 1 USD = 6,666,666.67 lamports and the demo's
//   figures can be checked by hand. A DAS answer is never a live market price anyway.
// - Tokens are priced by symbol, and only for mints whose metadata the local faucet wrote (the demo's own mints), so a
//   wallet cannot price a token of its own by naming it "SGLD".
//   Sample Gold (SGLD): 8 USD a token; the demo's 3.141592653 SGLD are worth 25.13 USD, far more than the
//   2,039,280 lamports (0.31 USD) its account returns: the "valuable" token.
//   Pixel Points (PIXL): 0.0002 USD a point; the demo's 999.50 PIXL are worth 0.1999 USD (1,332,666 lamports), less
//   than their account's rent: the "worth less than its rent" token.
//   Wrapped SOL: the SOL price. Every other token has no price: its value is unknown.
import { NATIVE_MINT } from '../../src/common/addresses';

export const LOCALNET_SOL_USD = 150;

const TOKEN_PRICES_USD: Record<string, number> = { SGLD: 8, PIXL: 0.0002 };

/** USD per whole token for a mint with this metadata, or undefined (no price: unknown value). */
export function localTokenPriceUsd(
  mint: string,
  meta: { symbol: string; updateAuthority: string } | null,
  faucet: string,
): number | undefined {
  if (mint === NATIVE_MINT) return LOCALNET_SOL_USD;
  if (!meta || meta.updateAuthority !== faucet) return undefined;
  return TOKEN_PRICES_USD[meta.symbol.replace(/\0/g, '').trim()];
}

/** DAS `token_info.price_info` for a balance (raw amount) at this price, as Helius answers it (currency USDC). */
export function priceInfo(pricePerToken: number, balance: bigint, decimals: number) {
  return {
    price_per_token: pricePerToken,
    total_price: (Number(balance) / 10 ** decimals) * pricePerToken,
    currency: 'USDC',
  };
}

/** DAS `nativeBalance` (displayOptions.showNativeBalance), as Helius answers it. */
export function nativeBalance(lamports: bigint) {
  return {
    lamports: Number(lamports),
    price_per_sol: LOCALNET_SOL_USD,
    total_price: (Number(lamports) / 1e9) * LOCALNET_SOL_USD,
  };
}
