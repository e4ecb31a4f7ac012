// The value check of the burn itself (PRODUCT difference 14): from the amount and lamports the burn just read from the chain, the
// tokens worth more than the SOL their accounts return. The review step lists them and asks again.
import { classifyValue, valueLamports, valueMicroUsd } from '../../../chain/tokenValue';
import type { Token } from '../tokens/tokenModel';

export interface ValuableItem {
  mint: string;
  label: string;
  /** Rounded down (strings: the store keeps plain data). */
  microUsd: string;
  /** The value in lamports at the indexer's SOL price; null when it gave none. */
  valueLamports: string | null;
  /** What closing the account returns, as read from the chain. */
  rentLamports: number;
}

export interface BurnEntry {
  token: Pick<Token, 'mint' | 'decimals' | 'priceUsd' | 'symbol' | 'name'>;
  /** Read from the chain by the burn plan. */
  amount: bigint;
  lamports: number;
  native: boolean;
}

export function valuableAtBurn(entries: BurnEntry[], solPriceUsd: number | null): ValuableItem[] {
  return entries.flatMap(({ token, amount, lamports, native }) => {
    const v = { amount, decimals: token.decimals, priceUsd: token.priceUsd };
    if (classifyValue({ ...v, lamports, native }, solPriceUsd) !== 'valuable') return [];
    const l = valueLamports(v, solPriceUsd);
    return [
      {
        mint: token.mint,
        label: token.symbol || token.name,
        microUsd: (valueMicroUsd(v) ?? 0n).toString(),
        valueLamports: l === null ? null : l.toString(),
        rentLamports: lamports,
      },
    ];
  });
}
