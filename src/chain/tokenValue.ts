// What a token balance is worth, and whether burning it destroys more than its account gives back (PRODUCT difference 14,
// PRODUCT difference 14). Prices come from DAS `token_info.price_info.price_per_token` (USD, quoted in USDC) and the
// SOL price from the same indexer; the balance and the account's lamports come from the chain.
//
// Money stays in integers: a price (a JS number such as 0.0000192271 or 1.92e-5) is read as the exact decimal it
// prints as, an integer numerator over a power of ten. "Worth more than the SOL its account returns" is then decided
// by cross-multiplying integers, with no rounding at all:
//   amount/10^decimals × price  >  lamports/10^9 × solPrice
//   ⇔ amount × pN × sD × 10^9  >  lamports × 10^decimals × pD × sN     (price = pN/pD, solPrice = sN/sD)
// Figures shown (micro-USD, lamports) are rounded down; the rule never uses them.

export interface Fraction {
  n: bigint;
  d: bigint;
}

/** A finite, non-negative number as the exact decimal its shortest printed form says (1.5e-7 → 15/10^8). */
export function decimalFraction(x: number): Fraction | null {
  if (!Number.isFinite(x) || x < 0) return null;
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (!m) return null;
  const frac = m[2] ?? '';
  const exp = Number(m[3] ?? 0) - frac.length;
  const digits = BigInt(m[1] + frac);
  return exp >= 0 ? { n: digits * 10n ** BigInt(exp), d: 1n } : { n: digits, d: 10n ** BigInt(-exp) };
}

export interface TokenValueInput {
  /** Raw amount (integer, as the chain holds it). */
  amount: bigint;
  decimals: number;
  /** USD per whole token; undefined when the indexer gave no price. */
  priceUsd?: number;
}

const fractionOf = (x: number | null | undefined): Fraction | null => (x == null ? null : decimalFraction(x));

/** The value in micro-USD, rounded down; null when the price is unknown (never 0 for "unknown"). */
export function valueMicroUsd({ amount, decimals, priceUsd }: TokenValueInput): bigint | null {
  const p = fractionOf(priceUsd);
  if (!p) return null;
  return (amount * p.n * 1_000_000n) / (10n ** BigInt(decimals) * p.d);
}

/** The balance's worth in lamports as an exact fraction; null when either price is unknown. */
function worthInLamports(v: TokenValueInput, solPriceUsd: number | null | undefined): Fraction | null {
  const p = fractionOf(v.priceUsd);
  const s = fractionOf(solPriceUsd);
  if (!p || !s || s.n === 0n) return null;
  return { n: v.amount * p.n * s.d * 1_000_000_000n, d: 10n ** BigInt(v.decimals) * p.d * s.n };
}

/** The value in lamports at this SOL price, rounded down; null when either price is unknown. */
export function valueLamports(v: TokenValueInput, solPriceUsd: number | null | undefined): bigint | null {
  const worth = worthInLamports(v, solPriceUsd);
  return worth && worth.n / worth.d;
}

export type ValueClass = 'valuable' | 'worthless' | 'unknown';

/**
 * valuable: the balance is worth more than the lamports closing its account returns. worthless: known, and not more.
 * unknown: no price. With a token price but no SOL price the comparison cannot be made; a balance worth anything is
 * then counted valuable (it is never left in a select-all by a guess). Wrapped SOL is never valuable: closing its
 * account returns the SOL itself.
 */
export function classifyValue(
  v: TokenValueInput & { lamports: number; native?: boolean },
  solPriceUsd: number | null | undefined,
): ValueClass {
  const p = fractionOf(v.priceUsd);
  if (!p) return 'unknown';
  if (v.native || v.amount === 0n || p.n === 0n) return 'worthless';
  const worth = worthInLamports(v, solPriceUsd);
  if (!worth) return 'valuable';
  // worth.n / worth.d > lamports, without dividing.
  return worth.n > BigInt(v.lamports) * worth.d ? 'valuable' : 'worthless';
}

/** "$25.13", "< $0.01" (never "$0.00" for something worth a little), "$0" only for a true zero. */
export function formatUsd(micro: bigint): string {
  if (micro === 0n) return '$0';
  if (micro < 10_000n) return '< $0.01';
  const cents = micro / 10_000n;
  const whole = (cents / 100n).toLocaleString('en-US');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}
