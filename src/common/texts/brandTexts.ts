// docs/PRODUCT.md#what-solback-does The product's name and slogan (also the page title and description, written by webpack.config.ts).

export const BRAND = {
  name: 'SolBack',
  slogan: 'helping you get your sol back', // docs/PRODUCT.md#what-solback-does
} as const;

/**
 * The public page "How SolBack keeps you safe" (docs/OPERATIONS.md#before-you-launch), served by the server
 * (backend/routes/static/trustPages.ts) and linked from every page's footer.
 */
export const SAFETY_PAGE = {
  path: '/safety',
  title: 'How SolBack keeps you safe',
} as const;
