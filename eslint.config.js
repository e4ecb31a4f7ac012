// ESLint flat config (CommonJS so that Jest can load it: see __tests__/backend/lintBoundaries.test.ts).
// Formatting belongs to Prettier: eslint-config-prettier switches off every rule Prettier owns.
const js = require('@eslint/js');
const prettier = require('eslint-config-prettier');
const reactHooks = require('eslint-plugin-react-hooks');
const tseslint = require('typescript-eslint');

// Components read the store through the typed hooks of src/app/hooks.ts, never the untyped ones.
const untypedHooks = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch', 'useStore'],
  message: 'Use useAppSelector / useAppDispatch / useAppStore from src/app/hooks.ts.',
};
// Code shared by the page and the server must not depend on a page feature: the server would pull in React state,
// and a feature could no longer move without breaking the server.
const noFeatureImports = {
  regex: '^\\.{1,2}/(.*/)?features(/|$)',
  message:
    'backend/, src/chain, src/common and src/ui must not import from src/features; move shared code to src/chain, src/common or src/ui.',
};

// A feature area (src/features/<area>) is used by another only through the public face of one of its parts, the part's
// index.ts ('../../burn/burn', never '../../burn/burn/burnSlice'), so an area's insides can move without touching the
// others. Parts of one area are one feature and may import each other's files. Except the modules below: only a lazy chunk loads them
// and only other lazy chunks' code imports them; re-exported from their index.ts they would join the connected
// screen's initial set (ARCHITECTURE, first view: its 231 KB budget). Dynamic import() is not checked.
const lazyChunkModules = [
  'wallet/guard/secondReaderSetting',
  'recover/recovery/MoreSolSection',
  'burn/review/reviewStep',
  'trash/revoke/RevokeOffer',
  'trash/trash/NetworkFeeLine',
  'trash/trash/TrashModalShell',
  'trash/trash/cnftLeaf',
  'trash/trash/ownerTransaction',
  'trash/trash/trashTypes',
  'recover/vacant/vacantReview',
  'assets/value/ValueWarning',
  'assets/value/valueAtBurn',
  'wallet/wallet/chainGuardStep',
  'wallet/wallet/landedChange',
  'wallet/wallet/serverTransactions',
  'wallet/wallet/signingSteps',
];
// A file in src/features/<area>/<part>/ sits `up` folders below its part's folder: '../../<area>/<part>' from there.
const deepFeatureImport = (up) => ({
  regex: `^${up}\\.\\./\\.\\./(?!\\.\\./)(?!(?:${lazyChunkModules.join('|')})$)[^/]+/[^/]+/.+`,
  message:
    "Import another feature area through one of its parts' index.ts ('../../<area>/<part>'), not one of its files.",
});

// src/chain is shared, pure code: it says what happened (a kind, a reason), the page and the server word it
// (src/common/texts).
const noTextImports = {
  regex: '^\\.{1,2}/(.*/)?common/texts(/|$)',
  message: 'src/chain imports no texts: return a reason or kind and word it where it is shown (src/common/texts).',
};

// Type-aware rules that catch real bugs (lost promises, awaiting non-promises, needless casts). The full
// `recommendedTypeChecked` set mostly re-reports JSON typed as `any` in tests and doubles the time on two cores.
const typeAwareRules = {
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
  '@typescript-eslint/only-throw-error': 'error',
};

// Plain Node scripts and Jest configuration (CommonJS .js files).
const nodeGlobals = Object.fromEntries(
  [
    'require',
    'module',
    'exports',
    '__dirname',
    '__filename',
    'process',
    'console',
    'Buffer',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'URL',
    'TextEncoder',
    'TextDecoder',
    'structuredClone',
    'fetch',
    'Request',
    'Response',
    'Headers',
    'AbortController',
    'AbortSignal',
  ].map((name) => [name, 'readonly']),
);

module.exports = tseslint.config(
  { ignores: ['node_modules/', 'static/', 'data/', 'coverage/', 'test-results/', '.tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: __dirname } },
    rules: {
      ...typeAwareRules,
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Reports only that the React Compiler would skip a component using TanStack Virtual; we do not run the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Browser stand-ins that webpack puts in place of Node-only modules (ES modules).
  { files: ['webpack-stubs/**/*.js'], languageOptions: { sourceType: 'module' } },
  {
    // Test and benchmark harnesses read untyped JSON from HTTP answers, fund manifests and the browser on purpose.
    files: ['__tests__/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**'],
    ignores: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [untypedHooks] }] },
  },
  {
    files: ['src/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [untypedHooks], patterns: [deepFeatureImport('')] }],
    },
  },
  {
    files: ['src/features/*/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [untypedHooks], patterns: [deepFeatureImport('\\.\\./')] }],
    },
  },
  {
    files: ['backend/**', 'src/chain/**', 'src/common/**', 'src/ui/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [untypedHooks], patterns: [noFeatureImports] }] },
  },
  {
    files: ['src/chain/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [untypedHooks], patterns: [noFeatureImports, noTextImports] }],
    },
  },
  {
    // Every /api answer is checked against its wire contract (src/common/api): `ctx.body = {...} satisfies XResponse`.
    // The JSON-RPC proxy passes the node's answers through, and static files are not JSON.
    files: ['backend/routes/**/*.ts'],
    ignores: ['backend/routes/rpc/**', 'backend/routes/static/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression[left.object.name='ctx'][left.property.name='body'][right.type!='TSSatisfiesExpression']",
          message: 'Check the body against its response type: ctx.body = { ... } satisfies XResponse (src/common/api).',
        },
      ],
    },
  },
  {
    // Pictures from asset data load through the image proxy (PRODUCT difference 16): only AssetImage gives an <img> a computed src.
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/AssetImage.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='img'] > JSXAttribute[name.name='src'] > JSXExpressionContainer",
          message: 'Show asset pictures with <AssetImage> (src/ui), which loads them through /api/image.',
        },
      ],
    },
  },
  {
    // User-facing words come from the catalogue (src/common/texts): a literal JSX text, a string shown in JSX or a
    // user-facing attribute is an error. Symbols, numbers and units in capitals ('SOL', '▾') are not words.
    files: ['src/**/*.tsx'],
    // The rule itself: the plugin's index finds its rules with require.extensions, which Jest does not have.
    plugins: {
      i18next: { rules: { 'no-literal-string': require('eslint-plugin-i18next/lib/rules/no-literal-string') } },
    },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'title', 'placeholder', 'alt'] },
          words: { exclude: ['[^A-Za-z]*(?:[A-Z]+[^A-Za-z]*)?'] }, // a string: Jest's RegExp is another realm's
        },
      ],
    },
  },
  prettier,
);
