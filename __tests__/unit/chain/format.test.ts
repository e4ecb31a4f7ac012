import {
  explorerTxUrl,
  formatSol,
  formatTokenBalance,
  formatUnits,
  lamportsToSol,
  shortenAddress,
  shortenSignature,
  solToLamports,
} from '../../../src/chain/format';
import { relativeTime } from '../../../src/common/texts';

describe('formatTokenBalance (docs/PRODUCT.md#assets-screen)', () => {
  it.each([
    ['0', 6, '0'],
    ['1000000', 6, '1'],
    ['1500000', 6, '1.5'],
    ['1234567', 6, '1.2346'], // half-up at the 4th digit
    ['1234549', 6, '1.2345'],
    ['999999999', 6, '1,000'], // rounds up into the next integer
    ['1000', 6, '0.001'], // exactly 0.001 is not "below": 4 digits
    ['999', 6, '0.000999'], // below 0.001: up to 8 digits
    ['123456789', 12, '0.00012346'],
    ['1', 9, '<0.00000001'], // too small for 8 digits
    ['5', 0, '5'],
    ['123456789012345678901234567890', 9, '123,456,789,012,345,678,901.2346'], // beyond float precision
  ])('%s with %i decimals → %s', (raw, decimals, expected) => {
    expect(formatTokenBalance(raw, decimals)).toBe(expected);
  });

  it('accepts bigint and number', () => {
    expect(formatTokenBalance(2500n, 3)).toBe('2.5');
    expect(formatTokenBalance(42, 2)).toBe('0.42');
  });

  it('rejects non-integers', () => {
    expect(() => formatTokenBalance('1.5', 2)).toThrow(RangeError);
    expect(() => formatTokenBalance(1.5, 2)).toThrow(RangeError);
  });
});

describe('SOL display', () => {
  it('formats lamports with fixed digits', () => {
    expect(formatSol(2_039_280)).toBe('0.0020');
    expect(formatSol(2_039_280, 6)).toBe('0.002039');
    expect(formatSol(10_509_600, 4)).toBe('0.0105');
    expect(formatSol(1_000_000_000n, 2)).toBe('1.00');
    expect(formatSol('123456789', 9)).toBe('0.123456789');
  });
  it('lamportsToSol and solToLamports', () => {
    expect(lamportsToSol(1_500_000_000)).toBe(1.5);
    expect(solToLamports('0.00204')).toBe(2_040_000n);
    expect(solToLamports(1.5)).toBe(1_500_000_000n);
  });
  it('formatUnits without trimming pads to the digits', () => {
    expect(formatUnits(5, 0, 2)).toBe('5.00');
    expect(formatUnits(-1500, 3, 2)).toBe('-1.50');
  });
});

describe('shortening', () => {
  const address = 'F4gVCVwSLB1UHF8FKRrxRnWdG5XMLgwMZzQTJkVSJ1wK';
  it('keeps the first 6 and last 4 by default', () => {
    expect(shortenAddress(address)).toBe('F4gVCV...J1wK');
  });
  it('signature: 8 and 8', () => {
    const sig = '5'.repeat(40) + 'abcdefgh';
    expect(shortenSignature(sig)).toBe('55555555...abcdefgh');
  });
  it('leaves short strings alone', () => {
    expect(shortenAddress('abc')).toBe('abc');
  });
});

describe('relativeTime (docs/PRODUCT.md#figures-and-limits)', () => {
  const now = 1_700_000_000_000;
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1m ago'],
    [59 * 60_000, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [3 * 24 * 3_600_000, '3d ago'],
    [-5_000, 'just now'],
  ])('%i ms ago → %s', (ago, text) => {
    expect(relativeTime(now - ago, now)).toBe(text);
  });
});

describe('explorerTxUrl', () => {
  it('mainnet has no cluster parameter', () => {
    expect(explorerTxUrl('sig')).toBe('https://explorer.solana.com/tx/sig');
  });
  it('other clusters and a custom RPC', () => {
    expect(explorerTxUrl('sig', 'devnet')).toBe('https://explorer.solana.com/tx/sig?cluster=devnet');
    expect(explorerTxUrl('sig', { customUrl: 'http://localhost:3000/api/rpc' })).toBe(
      'https://explorer.solana.com/tx/sig?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Frpc',
    );
  });
});
