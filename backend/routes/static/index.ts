import fs from 'fs';
import path from 'path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { Config } from '../../config';

const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpe?g|webp)$/i;

/**
 * /static/* from config.staticDir (koa-send refuses paths leaving the folder); every other non-API GET gets the
 * single page, `<staticDir>/dist/index.html`, or a 503 page saying how to build it.
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
      await send(ctx, file, {
        root,
        setHeaders: (res, file) => {
          res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
      return;
    }
    if (path.extname(ctx.path) && ctx.path !== '/index.html') return next(); // e.g. /favicon.ico → 404

    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = NOT_BUILT;
      return;
    }
    await send(ctx, 'dist/index.html', { root, setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') });
  };
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SolBack — front end not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>SolBack is running, but the front end is not built yet</h1>
<p>Run <code>npm run build</code> (or start the server with <code>npm start</code>, which builds it when needed), then reload this page.</p>
</body></html>
`;
