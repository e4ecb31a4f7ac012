// The "valuable" rule (PRODUCT difference 14): exact integer comparison of a balance's value with the lamports
// its account returns, unknown never as zero. Prices from a recorded Helius answer where there is one
// (__tests__/fixtures/das/prices/getAssetsByOwner-priceInfo-mainnet.json).
import fixture from '../../fixtures/das/prices/getAssetsByOwner-priceInfo-mainnet.json';
import { classifyValue, decimalFraction, formatUsd, valueLamports, valueMicroUsd } from '../../../src/chain/tokenValue';
import { priceOfAsset, solPriceOfPage } from '../../../backend/services/assets/tokenPrices';

const RENT = 2_039_280; // a 165-byte token account at 6960 lamports/byte (PRODUCT figures)

describe('decimalFraction reads a price as the exact decimal it prints as', () => {
  it.each([
    [1, 1n, 1n],
    [0.00328348, 328348n, 100_000_000n],
    [1.92271e-5, 192271n, 10_000_000_000n],
    [130.421652551, 130421652551n, 1_000_000_000n],
    [1e21, 10n ** 21n, 1n],
  ])('%p', (x, n, d) => expect(decimalFraction(x)).toEqual({ n, d }));
  it('refuses what is not a price', () => {
    for (const bad of [NaN, Infinity, -1]) expect(decimalFraction(bad)).toBeNull();
  });
});

describe('recorded Helius answer: price_info per token, price_per_sol', () => {
  const [usdc, send] = fixture.answer.items;
  const sol = solPriceOfPage(fixture.answer);
  it('reads the prices the answer carries', () => {
    expect(priceOfAsset(usdc as never)).toBe(1);
    expect(priceOfAsset(send as never)).toBe(0.00328348);
    expect(sol).toBe(fixture.expected.solPriceUsd);
  });
  it('values each balance in integer micro-USD, rounded down, equal to the answer total_price', () => {
    for (const a of [usdc, send]) {
      const micro = valueMicroUsd({
        amount: BigInt(a.token_info.balance),
        decimals: a.token_info.decimals,
        priceUsd: priceOfAsset(a),
      });
      expect(micro?.toString()).toBe(
        (fixture.expected as Record<string, { valueMicroUsd?: string }>)[a.id].valueMicroUsd,
      );
      expect(Math.abs(Number(micro) / 1e6 - a.token_info.price_info.total_price)).toBeLessThan(1e-6);
    }
  });
  it('245.34 USDC is valuable next to a token account; 4.92 USD of SEND too; 0.0001 SEND is not', () => {
    for (const a of [usdc, send]) {
      const v = {
        amount: BigInt(a.token_info.balance),
        decimals: 6,
        priceUsd: priceOfAsset(a),
        lamports: RENT,
      };
      expect(classifyValue(v, sol)).toBe('valuable');
    }
    expect(classifyValue({ amount: 100n, decimals: 6, priceUsd: 0.00328348, lamports: RENT }, sol)).toBe('worthless');
  });
  it('a missing price_info, a price in another currency or a malformed one is unknown, not zero', () => {
    const { price_info: _dropped, ...bare } = usdc.token_info;
    expect(priceOfAsset({ token_info: bare })).toBeUndefined();
    expect(priceOfAsset({ token_info: { price_info: { price_per_token: 1, currency: 'EUR' } } })).toBeUndefined();
    expect(priceOfAsset({ token_info: { price_info: { price_per_token: '1' } } } as never)).toBeUndefined();
    expect(solPriceOfPage({})).toBeNull();
    expect(valueMicroUsd({ amount: 5n, decimals: 0 })).toBeNull();
    expect(classifyValue({ amount: 5n, decimals: 0, lamports: RENT }, 150)).toBe('unknown');
  });
});

describe('the boundary, exactly', () => {
  // At 150 USD/SOL, 2,039,280 lamports are worth 0.305892 USD exactly.
  const at = (amount: bigint) => classifyValue({ amount, decimals: 6, priceUsd: 1, lamports: RENT }, 150);
  it('worth exactly its rent is not "more": worthless; one micro-unit more is valuable', () => {
    expect(at(305_892n)).toBe('worthless');
    expect(at(305_893n)).toBe('valuable');
    expect(valueLamports({ amount: 305_892n, decimals: 6, priceUsd: 1 }, 150)).toBe(2_039_280n);
    // Rounded figures would hide the difference: 305,893 micro-USD is 2,039,286.67 lamports, shown 2,039,286.
    expect(valueLamports({ amount: 305_893n, decimals: 6, priceUsd: 1 }, 150)).toBe(2_039_286n);
  });
  it('the demo figures: 3.141592653 SGLD at 8 USD, 999.50 PIXL at 0.0002 USD (backend/localnet/prices.ts)', () => {
    const sgld = { amount: 3_141_592_653n, decimals: 9, priceUsd: 8 };
    const pixl = { amount: 99_950n, decimals: 2, priceUsd: 0.0002 };
    expect(valueMicroUsd(sgld)).toBe(25_132_741n);
    expect(valueLamports(sgld, 150)).toBe(167_551_608n);
    expect(classifyValue({ ...sgld, lamports: RENT }, 150)).toBe('valuable');
    expect(valueLamports(pixl, 150)).toBe(1_332_666n);
    expect(classifyValue({ ...pixl, lamports: RENT }, 150)).toBe('worthless');
  });
  it('no SOL price: anything worth something counts as valuable (never left in a select-all by a guess)', () => {
    expect(classifyValue({ amount: 1n, decimals: 6, priceUsd: 1, lamports: RENT }, null)).toBe('valuable');
    expect(classifyValue({ amount: 0n, decimals: 6, priceUsd: 1, lamports: RENT }, null)).toBe('worthless');
  });
  it('wrapped SOL is never valuable: closing returns the SOL itself', () => {
    expect(classifyValue({ amount: 10n ** 9n, decimals: 9, priceUsd: 150, lamports: RENT, native: true }, 150)).toBe(
      'worthless',
    );
  });
});

it('formatUsd never shows $0.00 for something worth a little', () => {
  expect(formatUsd(25_132_741n)).toBe('$25.13');
  expect(formatUsd(1_234_567_890n)).toBe('$1,234.56');
  expect(formatUsd(9_999n)).toBe('< $0.01');
  expect(formatUsd(10_000n)).toBe('$0.01');
  expect(formatUsd(0n)).toBe('$0');
});
