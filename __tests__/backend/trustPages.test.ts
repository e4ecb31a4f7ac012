// The public pages an operator points wallet reviewers to (docs/OPERATIONS.md#before-you-launch), over real HTTP:
// /.well-known/security.txt with RFC 9116's fields, from the settings or their safe defaults, and /safety with the fee
// wallet, the open-source guard and the fee wallet's history on an explorer — served by the server, not the page.
import { explorerAddressUrl } from '../../src/chain/format';
import { SAFETY_TEXTS } from '../../src/common/texts/safetyTexts';
import { INDEX_HTML, startServer, type TestServer } from './helpers';

jest.setTimeout(60_000);

const fields = (text: string) =>
  Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
  );

describe('with the defaults', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('security.txt names a contact, a future expiry under a year away, its canonical place and the policy page', async () => {
    const res = await server.get('/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const f = fields(res.text);
    const host = new URL(server.url).host;
    expect(f.Contact).toBe(`mailto:security@${new URL(server.url).hostname}`);
    const expires = Date.parse(f.Expires);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires - Date.now()).toBeLessThan(365 * 86_400_000);
    expect(f.Canonical).toBe(`http://${host}/.well-known/security.txt`);
    expect(f.Policy).toBe(`http://${host}/safety`);
    expect(f['Preferred-Languages']).toBe('en');
  });

  it('/safety shows the fee wallet and links its history on an explorer; it is not the single page', async () => {
    const res = await server.get('/safety');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).not.toBe(INDEX_HTML);
    expect(res.text).not.toContain('<script');
    const feeWallet = server.solback.config.feeWallet;
    expect(res.text).toContain(`<code data-testid="fee-wallet">${feeWallet}</code>`);
    const history = explorerAddressUrl(feeWallet, { customUrl: `${server.url}/api/rpc` }).replace(/&/g, '&amp;');
    expect(res.text).toContain(`href="${history}"`);
    expect(res.text).toContain(SAFETY_TEXTS.title);
    expect(res.text).toContain('src/chain/guard.ts');
  });
});

it('takes the contact, expiry and source from the settings, and the public origin over the request host', async () => {
  const server = await startServer({
    SECURITY_CONTACT: 'https://solback.example/report',
    SECURITY_TXT_EXPIRES: '2027-06-30T00:00:00Z',
    SOURCE_URL: 'https://code.example/solback',
    PUBLIC_ORIGIN: 'https://solback.example',
  });
  try {
    const f = fields((await server.get('/.well-known/security.txt')).text);
    expect(f).toMatchObject({
      Contact: 'https://solback.example/report',
      Expires: '2027-06-30T00:00:00.000Z',
      Canonical: 'https://solback.example/.well-known/security.txt',
    });
    const page = (await server.get('/safety')).text;
    expect(page).toContain('href="https://code.example/solback"');
    expect(page).toContain('href="https://solback.example/report"');
  } finally {
    await server.close();
  }
  await expect(startServer({ SECURITY_CONTACT: 'javascript:alert(1)' })).rejects.toThrow(/SECURITY_CONTACT/);
});
