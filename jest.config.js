// Four projects: `unit` (jsdom: reducers, listeners, components, pure chain code; fast, no chain), `integration` (jsdom:
// the page's flows against a real app on the embedded local chain), `backend` (node: a real Koa app over HTTP on the
// local chain) and `e2e` (real Chromium driving the built page with a Wallet Standard test wallet).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // @noble, p-map and p-retry (with its is-network-error) ship ES modules only: Jest (CommonJS here) needs them compiled too.
  transformIgnorePatterns: ['/node_modules/(?!.*(@noble/|p-map/|p-retry/|is-network-error/))'],
  moduleNameMapper: { '\\.css$': '<rootDir>/__tests__/support/styleStub.js' },
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: '<rootDir>/__tests__/support/jsdomEnvironment.js',
      testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/setupDom.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: '<rootDir>/__tests__/support/jsdomEnvironment.js',
      testMatch: ['<rootDir>/__tests__/integration/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/setupDom.ts'],
    },
    {
      ...common,
      displayName: 'backend',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/backend/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/__tests__/e2e/support/globalSetup.ts',
    },
  ],
  testTimeout: 60000,
};
