// docs/PRODUCT.md#what-solback-does The product's name and slogan (also the page title and description, written by webpack.config.ts).

export const BRAND = {
  name: 'SolBack',
  slogan: 'helping you get your sol back', // docs/PRODUCT.md#what-solback-does
} as const;
