import fs from 'fs';
import path from 'path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import type { Config } from '../../config';
import { SAFETY_PATH, SECURITY_TXT_PATH, safetyPage, securityTxt } from './trustPages';

/** Built file names carry a content hash (`main.0123abcdef01.js`): such a file never changes, so caches keep it. */
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpe?g|webp)$/i;
/** The build's precompressed siblings (webpack.firstView.ts); koa-send picks them by Accept-Encoding. */
const PRECOMPRESSED = /\.(?:br|gz)$/i;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/i;
const ONE_YEAR = 'public, max-age=31536000, immutable';
const FIVE_MINUTES = 'public, max-age=300';

/**
 * Headers for a static file. `file` is the path sent, so `.br`/`.gz` when a sibling was picked: the rules look at
 * the name asked for. A file that may have compressed siblings varies by Accept-Encoding, whichever one is sent, so
 * no cache hands a brotli body to a client that did not ask for it.
 */
function staticHeaders(res: { setHeader(name: string, value: string): unknown }, file: string): void {
  const asked = file.replace(PRECOMPRESSED, '');
  res.setHeader('Cache-Control', HASHED.test(asked) ? ONE_YEAR : FIVE_MINUTES);
  if (COMPRESSIBLE.test(asked)) res.setHeader('Vary', 'Accept-Encoding');
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // koa-send answers 400 for it
  }
};

/** Answers 304 when the client's copy is current (If-Modified-Since against koa-send's Last-Modified). */
function notModified(ctx: Context): void {
  if (ctx.status !== 200 || !ctx.fresh) return;
  const body = ctx.body as { destroy?: () => void } | null;
  ctx.status = 304; // Koa drops the body; the file stream koa-send opened is closed here, not left to leak
  body?.destroy?.();
}

/**
 * /static/* from config.staticDir (koa-send refuses paths leaving the folder), a built file's brotli or gzip
 * sibling when the client accepts it; /.well-known/security.txt and /safety (trustPages.ts); every other non-API GET gets the single page, `<staticDir>/dist/index.html`
 * (no-cache: always revalidated, so a new build reaches everyone at once; its hashed files are then kept a year), or
 * a 503 page saying how to build it.
 */
export function staticFiles(config: Config): Middleware {
  const root = config.staticDir;
  const indexFile = path.join(root, 'dist', 'index.html');
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    if (ctx.path.startsWith('/static/')) {
      const file = ctx.path.slice('/static/'.length);
      if (!file || file.endsWith('/')) return next(); // no directory listings
      // A sibling asked for by name would go out as a file of unknown type: it is sent only as an encoding.
      if (PRECOMPRESSED.test(safeDecode(file))) return next();
      await send(ctx, file, { root, setHeaders: staticHeaders });
      return;
    }
    if (ctx.path === SECURITY_TXT_PATH) return securityTxt(ctx, config);
    if (ctx.path === SAFETY_PATH) return safetyPage(ctx, config);
    if (path.extname(ctx.path) && ctx.path !== '/index.html') return next(); // e.g. /favicon.ico → 404

    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = NOT_BUILT;
      return;
    }
    await send(ctx, 'dist/index.html', {
      root,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    notModified(ctx);
  };
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SolBack — front end not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>SolBack is running, but the front end is not built yet</h1>
<p>Run <code>npm run build</code> (or start the server with <code>npm start</code>, which builds it when needed), then reload this page.</p>
</body></html>
`;
