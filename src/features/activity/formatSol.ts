import { LAMPORTS_PER_SOL } from '../../common/constants';

/** Lamports (integer) → SOL text with exactly `decimals` fraction digits, rounded half up, no float arithmetic. */
export function formatLamportsAsSol(lamports: number | bigint, decimals: number): string {
  const value = BigInt(lamports);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = BigInt(LAMPORTS_PER_SOL) / 10n ** BigInt(decimals);
  const scaled = (abs + unit / 2n) / unit;
  const whole = scaled / 10n ** BigInt(decimals);
  const frac = (scaled % 10n ** BigInt(decimals)).toString().padStart(decimals, '0');
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${frac}` : ''}`;
}
