// Display helpers. Amounts are integers (raw token units, lamports); every decimal string is computed from the
// integer, never through a float, so large supplies and 9-decimal dust display exactly.
import {
  EXPLORER_BASE_URL,
  LAMPORTS_PER_SOL,
  SHORT_ID_HEAD,
  SHORT_ID_TAIL,
  TOKEN_BALANCE_FRACTION_DIGITS,
  TOKEN_BALANCE_SMALL_FRACTION_DIGITS,
} from '../common/constants';

export type IntegerLike = bigint | number | string;

export function toBigInt(value: IntegerLike): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not a safe integer: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value.trim())) throw new RangeError(`Not an integer: ${value}`);
  return BigInt(value.trim());
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * `raw / 10^decimals` rounded half-up to `fractionDigits`, as a decimal string.
 * `trim` drops trailing fraction zeros (and the point); `grouping` puts ',' between thousands.
 */
export function formatUnits(
  raw: IntegerLike,
  decimals: number,
  fractionDigits: number,
  opts: { trim?: boolean; grouping?: boolean } = {},
): string {
  let value = toBigInt(raw);
  const negative = value < 0n;
  if (negative) value = -value;
  const shown = Math.min(fractionDigits, decimals);
  const drop = 10n ** BigInt(decimals - shown);
  const rounded = (value + drop / 2n) / drop; // half-up at the last shown digit
  const scale = 10n ** BigInt(shown);
  const whole = (rounded / scale).toString();
  let fraction = shown > 0 ? (rounded % scale).toString().padStart(shown, '0') : '';
  if (!opts.trim) fraction = fraction.padEnd(fractionDigits, '0');
  else fraction = fraction.replace(/0+$/, '');
  const wholeText = opts.grouping ? groupThousands(whole) : whole;
  const sign = negative && rounded > 0n ? '-' : '';
  return sign + wholeText + (fraction ? `.${fraction}` : '');
}

/**
 * Token card balance (docs/PRODUCT.md#assets-screen): up to 4 fraction digits, or up to 8 when the value is below 0.001.
 * Decisions: half-up rounding, trailing zeros trimmed ('1.5', not '1.5000'), thousands grouped with ',',
 * and a non-zero balance too small for 8 digits reads '<0.00000001' rather than a misleading '0'.
 */
export function formatTokenBalance(raw: IntegerLike, decimals: number): string {
  const value = toBigInt(raw);
  if (value === 0n) return '0';
  const oneThousandth = decimals >= 3 ? 10n ** BigInt(decimals - 3) : 0n;
  const small = value < oneThousandth; // value < 0.001
  const digits = small ? TOKEN_BALANCE_SMALL_FRACTION_DIGITS : TOKEN_BALANCE_FRACTION_DIGITS;
  const text = formatUnits(value, decimals, digits, { trim: true, grouping: true });
  if (text === '0' && value > 0n) return `<0.${'0'.repeat(digits - 1)}1`;
  return text;
}

/**
 * A balance given as a decimal string (a node's uiAmountString, which applies Token-2022's scaled-UI-amount and
 * interest-bearing extensions) with the same card rule as formatTokenBalance; null when the text is not a number.
 */
export function formatUiAmountString(ui: string): string | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(ui.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return formatTokenBalance(BigInt(match[1] + fraction), fraction.length);
}

/** Lamports as a SOL number, for display arithmetic only (never for money that is sent). */
export function lamportsToSol(lamports: IntegerLike): number {
  return Number(toBigInt(lamports)) / LAMPORTS_PER_SOL;
}

/** Lamports as SOL with exactly `digits` fraction digits (default 4, the activity log's precision). */
export function formatSol(lamports: IntegerLike, digits = 4): string {
  return formatUnits(lamports, 9, digits);
}

/** Exact SOL text of lamports (up to 9 digits, trailing zeros trimmed): every figure shown before an action. */
export const exactSol = (lamports: IntegerLike): string => formatUnits(lamports, 9, 9, { trim: true });

/** SOL amount (decimal string or number) back to integer lamports, exactly for strings. */
export function solToLamports(sol: string | number): bigint {
  const text = typeof sol === 'number' ? sol.toFixed(9) : sol.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`Not a SOL amount: ${sol}`);
  const fraction = (match[2] ?? '').slice(0, 9).padEnd(9, '0');
  return BigInt(match[1] || '0') * BigInt(LAMPORTS_PER_SOL) + BigInt(fraction);
}

export function shortenAddress(address: string, head = SHORT_ID_HEAD, tail = SHORT_ID_TAIL): string {
  if (address.length <= head + tail + 3) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}

export function shortenSignature(signature: string, head = 8, tail = 8): string {
  return shortenAddress(signature, head, tail);
}

/** How long ago, in the unit the activity log shows (docs/PRODUCT.md#figures-and-limits); worded by `relativeTime` (src/common/texts). */
export type Age = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

/** 'now' under a minute (and for future times), then whole minutes, hours, days. */
export function ageOf(timestamp: number, now: number = Date.now()): Age {
  const seconds = Math.floor((now - timestamp) / 1000);
  if (seconds < 60) return { unit: 'now' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

export type ExplorerCluster = 'mainnet-beta' | 'devnet' | 'testnet' | { customUrl: string };

/** Explorer link for a signature; mainnet needs no cluster parameter, a local chain passes its RPC URL. */
export function explorerTxUrl(signature: string, cluster: ExplorerCluster = 'mainnet-beta'): string {
  const base = `${EXPLORER_BASE_URL}/tx/${signature}`;
  if (cluster === 'mainnet-beta') return base;
  if (typeof cluster === 'string') return `${base}?cluster=${cluster}`;
  return `${base}?cluster=custom&customUrl=${encodeURIComponent(cluster.customUrl)}`;
}

export function explorerAddressUrl(address: string, cluster: ExplorerCluster = 'mainnet-beta'): string {
  return explorerTxUrl(address, cluster).replace('/tx/', '/address/');
}
