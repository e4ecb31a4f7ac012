// Off-chain fetches cannot reach this server's own network (PRODUCT difference 16): every address form below
// is refused, literal or behind a DNS name (checked at connect), before any byte is sent.
import http from 'http';
import type { AddressInfo } from 'net';
import { BlockedAddressError, isPublicAddress, safeGet } from '../../backend/services/image/safeFetch';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    'fe80::1',
    '0.0.0.0',
    '::',
    '224.0.0.1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '100.64.0.1',
    'fc00::1',
    'not-an-ip',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(['93.184.216.34', '2606:4700::6810:85e5'])('allows %s', (ip) => expect(isPublicAddress(ip)).toBe(true));
});

describe('safeGet', () => {
  let hits = 0;
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('{"image":"secret"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses literal inside addresses, https://[::]:port among them, and names resolving inside', async () => {
    for (const uri of [
      `https://[::]:${port}/x.json`,
      `https://127.0.0.1:${port}/x.json`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      `https://localhost:${port}/x.json`,
    ]) {
      await expect(safeGet(uri, { maxBytes: 1000, timeoutMs: 2000 })).rejects.toBeInstanceOf(BlockedAddressError);
    }
    await expect(safeGet(`http://example.com/x.json`, { maxBytes: 1000, timeoutMs: 2000 })).rejects.toThrow(/https/);
    expect(hits).toBe(0);
  });
});
