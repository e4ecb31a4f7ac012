// The phishing-domain replay (RELIABILITY, "Hostile clients"): a message the victim signed on a copy of the page at
// evil.example, replayed with `Host: evil.example` (and, behind TRUST_PROXY, `X-Forwarded-Host: evil.example`).
// The accepted domains come from PUBLIC_ORIGIN / ALLOWED_ORIGINS (else the host the server listens as), never from a
// request header; the victim's delegated cNFT stays where it is.
import http from 'http';
import type { Keypair } from '@solana/web3.js';
import { AUTH_REFUSALS } from '../../src/common/texts/serverErrorTexts';
import { acceptedDomains } from '../../backend/services/auth/authVerify';
import { loadConfig } from '../../backend/config';
import { signedAuth } from '../support/signedAuth';
import { fundOwner, ownerOf, signAndSend, type FundedCnft } from './cnftSupport';
import { startServer, type TestServer } from './helpers';

jest.setTimeout(120_000);

let server: TestServer;
let owner: Keypair;
let cnfts: FundedCnft[];
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
  ({ owner, cnfts } = await fundOwner(server));
}, 60_000);
afterAll(() => server.close());

/** POST with headers fetch would not let us set (Host). */
function rawPost(p: string, body: unknown, headers: Record<string, string>) {
  const url = new URL(server.url);
  const data = JSON.stringify(body);
  return new Promise<{ status: number; json: any }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: p,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

it('0 assets moved: a message signed for evil.example, replayed with Host and X-Forwarded-Host evil.example', async () => {
  const ownerAddress = owner.publicKey.toBase58();
  const id = cnfts[0].assetId;
  const delegated = await server.post('/api/cnft/delegate', {
    ownerAddress,
    assetId: id,
    delegatePublicKey: server.solback.delegate!.publicKey.toBase58(),
  });
  if (delegated.json.transaction) await signAndSend(server, delegated.json.transaction, owner);
  const phished = async () => {
    const { message, signature } = await signedAuth(
      server.url,
      owner,
      { action: 'delegated-transfer', assetIds: [id] },
      { fields: { domain: 'evil.example', uri: 'https://evil.example' } },
    );
    return { sender: ownerAddress, assetId: id, message, signedMessage: signature, proofData: null };
  };
  const viaHost = await rawPost('/api/delegated-transfer', await phished(), { host: 'evil.example' });
  const viaProxy = await rawPost('/api/delegated-transfer', await phished(), {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-for': '198.51.100.50',
  });
  expect([viaHost.json.error, viaProxy.json.error]).toEqual([AUTH_REFUSALS.domain, AUTH_REFUSALS.domain]);
  expect([viaHost.status, viaProxy.status]).toEqual([403, 403]);
  expect((await ownerOf(server, id)).owner).toBe(ownerAddress);
});

it('PUBLIC_ORIGIN decides the accepted domains, with ALLOWED_ORIGINS; unset, the host the server listens as', () => {
  const set = loadConfig({
    PUBLIC_ORIGIN: 'https://solback.example/',
    ALLOWED_ORIGINS: 'https://app.solback.example',
    LOG_LEVEL: 'silent',
  });
  expect(acceptedDomains({ config: { ...set, listeningHosts: ['localhost:3000'] } })).toEqual([
    'solback.example',
    'app.solback.example',
  ]);
  const port = new URL(server.url).port;
  expect(acceptedDomains(server.solback.services)).toEqual([`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);
  expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://solback.example/path' })).toThrow(/PUBLIC_ORIGIN/);
});
