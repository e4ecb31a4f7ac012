// Front-end bundle: src/index.tsx → static/dist/ (served under /static/dist/, index.html at /).
// Run through tsx (`npm run build`), since webpack-cli cannot load a .ts config on its own.
import path from 'path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import { CHUNK_LOAD_TIMEOUT_MS, STATIC_PUBLIC_PATH } from './src/common/constants';
import { BRAND } from './src/common/texts/brandTexts';
import { ChunkGroupsManifest, InlineFirstViewCss, precompress } from './webpack.firstView';

const root = __dirname;

// The page shell: exactly one root element; the bundle's scripts are injected (deferred) into the head, and the first
// view's CSS inlined there (webpack.firstView.ts). The logo is asked for at once: the first view shows it.
const pageTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${BRAND.name} — ${BRAND.slogan}" />
    <link rel="icon" href="/static/logo.svg" type="image/svg+xml" />
    <link rel="preload" href="/static/logo.svg" as="image" type="image/svg+xml" />
    <title>${BRAND.name}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

// Swaps `request` for `file` where the importing file lies inside node_modules/<from>/ (or @solana/<from>/).
function replaceFor(request: RegExp, from: string, file: string): webpack.NormalModuleReplacementPlugin {
  const issuer = new RegExp(`[\\\\/]node_modules[\\\\/](@solana[\\\\/])?${from.replace('.', '\\.')}[\\\\/]`);
  return new webpack.NormalModuleReplacementPlugin(request, (resource) => {
    if (issuer.test(resource.contextInfo?.issuer ?? '')) resource.request = path.join(root, file);
  });
}

export default (_env: unknown, argv: { mode?: 'production' | 'development' }): webpack.Configuration => {
  const mode = argv.mode ?? 'production';
  const production = mode === 'production';
  return {
    mode,
    context: root,
    entry: { main: './src/index.tsx' },
    output: {
      path: path.join(root, 'static', 'dist'),
      publicPath: STATIC_PUBLIC_PATH,
      filename: production ? '[name].[contenthash:12].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
      // Spec §2: loading a code chunk times out after 120 s.
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
      // Write every file on every build, so index.html's time always tells when the page was last built (the
      // staleness checks of `npm start` and the e2e setup compare it with the sources').
      compareBeforeEmit: false,
    },
    // The server's CSP forbids eval, so no eval-based source maps even in development.
    devtool: production ? false : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      fallback: { buffer: require.resolve('buffer/') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              transpileOnly: true,
              onlyCompileBundledFiles: true,
              // ES modules for webpack: keeps import() as code-split points and lets it tree-shake.
              compilerOptions: { module: 'esnext', moduleResolution: 'bundler', noEmit: false, sourceMap: !production },
            },
          },
        },
        // Production: CSS in its own file (a <link> in the head), not as strings plus style-loader in the first JS.
        // No stylesheet or font from another host (PRODUCT difference 16): remote @imports are dropped before css-loader.
        {
          test: /\.css$/,
          use: [
            production ? MiniCssExtractPlugin.loader : 'style-loader',
            'css-loader',
            path.join(root, 'scripts', 'noRemoteCssImports.js'),
          ],
        },
        { test: /\.(svg|png|jpe?g|gif|webp)$/, type: 'asset/resource' },
        // A feature part's index.ts only re-exports (ARCHITECTURE, layout): flagged free of side effects, webpack links each
        // import straight to the module that has the name and leaves the index out, so importing '../tokens' brings
        // no more code (and no other module of the feature) into a chunk than importing the file itself did.
        { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
      ],
    },
    plugins: [
      new webpack.ProvidePlugin({ Buffer: ['buffer', 'Buffer'] }),
      // The wallets the page trusts come from the build, never from the server (src/common/builtWallets.ts).
      new webpack.DefinePlugin({
        'process.env.SOLBACK_FEE_WALLET': JSON.stringify(process.env.FEE_WALLET ?? ''),
        'process.env.SOLBACK_TRASH_WALLET': JSON.stringify(process.env.TRASH_WALLET ?? ''),
        'process.env.SOLBACK_DELEGATE_ADDRESS': JSON.stringify(process.env.DELEGATE_ADDRESS ?? ''),
        'process.env.SOLBACK_RELAYER_ADDRESS': JSON.stringify(process.env.RELAYER_ADDRESS ?? ''),
      }),
      // @solana/wallet-adapter-react imports the Mobile Wallet Adapter statically but builds it only on Android web;
      // it gets a stand-in that loads the real adapter (its own chunk) when built. Other importers get the real one.
      replaceFor(
        /^@solana-mobile\/wallet-adapter-mobile$/,
        'wallet-adapter-react',
        './src/features/wallet/wallet/lazyMobileWalletAdapter.ts',
      ),
      // Only web3.js's Secp256k1Program uses these (SolBack never does); borsh uses the polyfill only without TextDecoder.
      replaceFor(/^@noble\/curves\/secp256k1(\.js)?$/, 'web3.js', './webpack-stubs/secp256k1.js'),
      replaceFor(/^@noble\/hashes\/sha3(\.js)?$/, 'web3.js', './webpack-stubs/sha3.js'),
      replaceFor(/^text-encoding-utf-8$/, 'borsh', './webpack-stubs/textEncoding.js'),
      // borsh and web3.js each carry their own copy of bs58 4 (and base-x 3): borsh gets web3.js's.
      replaceFor(
        /^bs58$/,
        'borsh',
        path.relative(
          root,
          require.resolve('bs58', { paths: [path.join(root, 'node_modules', '@solana', 'web3.js')] }),
        ),
      ),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: '[name].[contenthash:12].css',
              chunkFilename: '[name].[contenthash:12].css',
            }),
          ]
        : []),
      new HtmlWebpackPlugin({
        templateContent: pageTemplate,
        filename: 'index.html',
        inject: 'head',
        scriptLoading: 'defer',
      }),
      new ChunkGroupsManifest(),
      ...(production ? [new InlineFirstViewCss(), ...precompress()] : []),
    ],
    optimization: {
      // No separate vendor chunk per lazy chunk: the wallet app is one file, which compresses better than two.
      splitChunks: { chunks: 'async', cacheGroups: { defaultVendors: false } },
      // swc (already here for Jest) minifies ~3× faster than terser on the 1.4 MB main chunk, same output size.
      minimizer: [
        new MinimizerPlugin({
          minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 } } },
        }),
      ],
    },
    performance: { hints: false },
    stats: production ? 'summary' : 'minimal',
  };
};
