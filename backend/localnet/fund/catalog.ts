// The demo tokens (images in static/demo/). Amounts are raw integers.
export interface DemoToken {
  name: string;
  symbol: string;
  image: string;
  decimals: number;
  amount: bigint;
}

export const demoImage = (file: string) => `/static/demo/${file}`;

export const DEMO_SPL_TOKENS: DemoToken[] = [
  { name: 'Demo Dollar', symbol: 'DUSD', image: demoImage('token-dusd.svg'), decimals: 6, amount: 1_250_500_000n },
  { name: 'Bonkish', symbol: 'BONKI', image: demoImage('token-bonki.svg'), decimals: 5, amount: 4_200_000_000_00000n },
  { name: 'Sample Gold', symbol: 'SGLD', image: demoImage('token-sgld.svg'), decimals: 9, amount: 3_141_592_653n },
  { name: 'Pixel Points', symbol: 'PIXL', image: demoImage('token-pixl.svg'), decimals: 2, amount: 99_950n },
];

export const DEMO_FEE_TOKEN: DemoToken = {
  name: 'Fee Token 2022',
  symbol: 'FEE22',
  image: demoImage('token-fee22.svg'),
  decimals: 6,
  amount: 500_000_000n,
};
export const FEE_BASIS_POINTS = 100; // 1 %
export const FEE_MAX = 1_000_000_000n;

export const WRAPPED_SOL = {
  name: 'Wrapped SOL',
  symbol: 'SOL',
  image: demoImage('token-wsol.svg'),
  lamports: 250_000_000,
};

/** Name/symbol/image for token n of the large profile (images cycle through the demo set). */
const LARGE_IMAGES = [
  'token-dusd.svg',
  'token-bonki.svg',
  'token-sgld.svg',
  'token-pixl.svg',
  'token-fee22.svg',
  'token-misc.svg',
];
export function largeToken(n: number): { name: string; symbol: string; image: string } {
  return {
    name: `Bulk Token ${n + 1}`,
    symbol: `BLK${n + 1}`.slice(0, 10),
    image: demoImage(LARGE_IMAGES[n % LARGE_IMAGES.length]),
  };
}
