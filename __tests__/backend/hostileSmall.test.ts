// The review's smaller findings (RELIABILITY, "Hostile clients"): an IPv4-compatible IPv6 address in the image
// filter, websocket methods beyond docs/RPC.md, and HSTS over HTTPS.
import fs from 'fs';
import path from 'path';
import { isPublicAddress } from '../../backend/services/image/safeFetch';
import { WS_SUBSCRIPTIONS } from '../../backend/services/rpcProxy/wsProxy';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
}, 60_000);
afterAll(() => server.close());

it('the image filter refuses [::127.0.0.1] and other IPv4-compatible forms', () => {
  for (const ip of ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '::169.254.169.254'])
    expect(isPublicAddress(ip)).toBe(false);
  expect(isPublicAddress('2606:4700::1111')).toBe(true);
});

it('the upstream websocket passes exactly the methods docs/RPC.md lists', () => {
  const doc = fs.readFileSync(path.join(__dirname, '../../docs/RPC.md'), 'utf8');
  const row = doc.split('\n').find((l) => l.startsWith('| websocket |'))!;
  const listed = [...row.matchAll(/`(\w+Subscribe)`/g)].map((m) => m[1]);
  expect([...WS_SUBSCRIPTIONS].sort()).toEqual(listed.sort());
});

it('HSTS over HTTPS (a trusted proxy says so), never over plain http', async () => {
  const plain = await fetch(`${server.url}/api/config`);
  expect(plain.headers.get('strict-transport-security')).toBeNull();
  const https = await fetch(`${server.url}/api/config`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});
