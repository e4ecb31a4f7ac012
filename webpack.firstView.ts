// Build steps for a fast first view (docs/ARCHITECTURE.md, "First view"), used by webpack.config.ts:
// - every text file precompressed at build time, brotli and gzip, for the static route to send as they are;
// - the first view's stylesheet inlined into index.html (it is small), so no CSS request blocks the first paint;
// - chunk-groups.json: the files each named chunk group loads, so the budgets can count the wallet app's set.
import zlib from 'zlib';
import { type ZopfliOptions, gzip as zopfliGzip } from '@gfx/zopfli';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

/** The file that lists each named chunk group's files ({ main: [...], "wallet-app": [...] }), beside index.html. */
export const CHUNK_GROUPS_FILE = 'chunk-groups.json';
const TEXT_ASSETS = /\.(js|css|html|svg)$/;

/**
 * `name.br` and `name.gz` beside each text asset, as small as their formats allow: brotli at quality 11, and gzip
 * made by Zopfli (a gzip stream any client reads, about 4 % smaller than zlib's level 9). A build pays the time once
 * (a few seconds), every response saves it. As compression-webpack-plugin's README shows ("Using Zopfli", "Using
 * Brotli"); files that shrink by less than 20 % get no sibling and are sent as they are.
 */
export function precompress(): webpack.WebpackPluginInstance[] {
  return [
    new CompressionPlugin<zlib.BrotliOptions>({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: TEXT_ASSETS,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      minRatio: 0.8,
    }),
    new CompressionPlugin<ZopfliOptions>({
      filename: '[path][base].gz',
      algorithm: (input, options, done) => zopfliGzip(input, options, done),
      test: TEXT_ASSETS,
      compressionOptions: { numiterations: 15 },
      minRatio: 0.8,
    }),
  ];
}

/**
 * Swaps index.html's stylesheet links for <style> elements holding the same CSS, and drops the then unused files.
 * Only the entry's CSS is linked there (the landing's few KB); the wallet app's CSS comes with its chunk, which
 * mini-css-extract-plugin loads before the chunk runs. The CSP allows inline styles (backend/middleware/security.ts).
 */
export class InlineFirstViewCss implements webpack.WebpackPluginInstance {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('InlineFirstViewCss', (compilation) => {
      const publicPath = String(compilation.outputOptions.publicPath ?? '');
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('InlineFirstViewCss', (data) => {
        data.headTags = data.headTags.map((tag) => {
          const href = tag.attributes.href;
          if (tag.tagName !== 'link' || tag.attributes.rel !== 'stylesheet' || typeof href !== 'string') return tag;
          const file = href.startsWith(publicPath) ? href.slice(publicPath.length) : href;
          const asset = compilation.getAsset(file);
          if (!asset) return tag;
          compilation.deleteAsset(file);
          return HtmlWebpackPlugin.createHtmlTagObject('style', {}, asset.source.source().toString());
        });
        return data;
      });
    });
  }
}

/** Writes CHUNK_GROUPS_FILE: for each named chunk group (the entry and every webpackChunkName), the files it loads. */
export class ChunkGroupsManifest implements webpack.WebpackPluginInstance {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After html-webpack-plugin (OPTIMIZE_INLINE) dropped the inlined CSS; before the compression plugin.
        { name: 'ChunkGroupsManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.getFiles().filter((f) => compilation.getAsset(f));
          }
          compilation.emitAsset(
            CHUNK_GROUPS_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(groups, null, 1)}\n`),
          );
        },
      );
    });
  }
}
