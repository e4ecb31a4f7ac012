import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { IncomingMessage } from 'http';
import type { TrustProxy } from '../config';
import { secondReaderOrigin, secondReaderOriginFromCookie } from '../../src/common/secondReader';
import { publicOrigin } from './proxyTrust';

/**
 * Security headers. The CSP lets the bundle (self), wallet adapters and our RPC websocket work:
 * wallet-adapter-react-ui injects <style> tags, and the page talks only to its own origin (HTTP + ws on /api/rpc).
 * Pictures come from this server only (remote ones through GET /api/image, so their hosts never see the user) or
 * are data: URLs (wallet icons); no font or stylesheet comes from a third party (PRODUCT difference 16). Solflare's web
 * wallet runs in an iframe. The other origins the page may reach are the second chain readers: the one the operator
 * offers (PUBLIC_SECOND_READER) and the one its user chose, named by the page's own cookie (src/common/secondReader.ts:
 * an https origin, or http on this machine; nothing else is copied into the header): without them, `connect-src` is
 * this host alone.
 */
export function securityHeaders(trust: TrustProxy = { kind: 'off' }, publicSecondReader?: string): Middleware {
  const headers = helmetHeaders(trust, publicSecondReader ? secondReaderOrigin(publicSecondReader) : null);
  // HSTS only when the page was reached over HTTPS (directly, or as a trusted proxy says): the local server is plain
  // http, where it would break the page.
  return async (ctx, next) => {
    if (ctx.secure || publicOrigin(ctx.req, trust).protocol === 'https')
      ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await headers(ctx, next);
    // A page's CSP depends on its second-reader cookie: a shared cache must not hand one user's page to another.
    if (ctx.response.is('html')) ctx.vary('Cookie');
  };
}

function helmetHeaders(trust: TrustProxy, offeredReader: string | null): Middleware {
  // The page's own host: X-Forwarded-Host only from a trusted proxy, and never anything but a plain host name.
  const selfWs = (req: IncomingMessage) => {
    const { host } = publicOrigin(req, trust);
    const readers = new Set([offeredReader, secondReaderOriginFromCookie(req.headers.cookie)]);
    readers.delete(null);
    return [`ws://${host} wss://${host}`, ...readers].join(' ');
  };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", selfWs],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'"],
        frameSrc: ["'self'", 'https://connect.solflare.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false, // set above, over HTTPS only
    crossOriginEmbedderPolicy: false,
    // Wallet popups (Coinbase's keys.coinbase.com) talk back through window.opener; 'same-origin' would cut it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
