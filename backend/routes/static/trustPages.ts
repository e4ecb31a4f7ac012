// The two public pages an operator points wallet reviewers to (docs/OPERATIONS.md#before-you-launch), rendered by the
// server so neither weighs on the page's bundle: /.well-known/security.txt (RFC 9116, https://www.rfc-editor.org/rfc/rfc9116)
// and /safety, "How SolBack keeps you safe" (the fee wallet, the open-source guard, the fee wallet's history).
import type { Context } from 'koa';
import { explorerAddressUrl } from '../../../src/chain/format';
import { SAFETY_PAGE } from '../../../src/common/texts/brandTexts';
import { SAFETY_TEXTS as T } from '../../../src/common/texts/safetyTexts';
import type { Config } from '../../config';
import { publicOrigin } from '../../middleware/proxyTrust';

export const SECURITY_TXT_PATH = '/.well-known/security.txt';
export const SAFETY_PATH = SAFETY_PAGE.path;
/** RFC 9116 asks for an expiry under a year away; the default rolls with each start so it never goes stale. */
const DEFAULT_EXPIRY_MS = 180 * 86_400_000;
const startedAt = Date.now();

/** The origin readers see: PUBLIC_ORIGIN when set, else this request's (X-Forwarded-* only from a trusted proxy). */
function originOf(ctx: Context, config: Config): string {
  if (config.publicOrigin) return config.publicOrigin;
  const { protocol, host } = publicOrigin(ctx.req, config.trustProxy);
  return `${protocol}://${host}`;
}

function contactOf(config: Config, origin: string): string {
  return config.securityContact ?? `mailto:security@${new URL(origin).hostname}`;
}

export function securityTxt(ctx: Context, config: Config): void {
  const origin = originOf(ctx, config);
  const expires = config.securityTxtExpires ?? new Date(startedAt + DEFAULT_EXPIRY_MS).toISOString();
  ctx.type = 'text/plain; charset=utf-8';
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.body = [
    `Contact: ${contactOf(config, origin)}`,
    `Expires: ${new Date(expires).toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${origin}${SECURITY_TXT_PATH}`,
    `Policy: ${origin}${SAFETY_PATH}`,
    '',
  ].join('\n');
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const section = (heading: string, ...body: string[]) => `<h2>${escape(heading)}</h2>\n${body.join('\n')}`;
const link = (href: string, text: string) => `<a href="${escape(href)}" rel="noopener">${escape(text)}</a>`;

export function safetyPage(ctx: Context, config: Config): void {
  const origin = originOf(ctx, config);
  // The local chain is a custom cluster behind this server's /api/rpc, as for every explorer link of the page.
  const history = explorerAddressUrl(
    config.feeWallet,
    config.mode === 'local' ? { customUrl: `${origin}/api/rpc` } : 'mainnet-beta',
  );
  const contact = contactOf(config, origin);
  ctx.type = 'html';
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(T.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}code{word-break:break-all}</style>
</head><body>
<h1>${escape(T.title)}</h1>
<p>${escape(T.intro)}</p>
${section(T.feeHeading, `<p>${escape(T.fee)}</p>`, `<p><code data-testid="fee-wallet">${escape(config.feeWallet)}</code></p>`, `<p>${link(history, T.feeHistory)}</p>`)}
${section(T.guardHeading, `<p>${escape(T.guard)}</p>`, `<p>${escape(T.guardFiles)}${config.sourceUrl ? ` ${link(config.sourceUrl, T.guardSource)}` : ''}</p>`)}
${section(T.walletHeading, `<p>${escape(T.wallet)}</p>`)}
${section(T.keysHeading, `<p>${escape(T.keys)}</p>`)}
${section(T.reportHeading, `<p>${escape(T.report)} ${link(contact, contact.replace(/^mailto:/, ''))}</p>`)}
<p>${link('/', T.back)}</p>
</body></html>
`;
}
