// Large anonymous prepares under load (RELIABILITY, "Hostile clients": prepares): three prepare-burn-transactions
// {withdrawSurplus: true} of a 1,500-account wallet once held /api/config for 27 s, packing on the event loop. Here
// with 300 accounts: while all three are packing, /api/config and /healthz answer before any of them finishes.
import { emptiedWallet } from './relayerSupport';
import { startServer, type TestServer } from './helpers';
import { until } from '../support/until';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '0' });
}, 60_000);
afterAll(() => s?.close());

it('3 prepares of a 300-account wallet at once: /api/config and /healthz answer while all 3 are packing', async () => {
  const localnet = s.solback.localnet!;
  const { owner } = emptiedWallet(localnet, 300);
  localnet.chain.airdrop(owner.publicKey.toBase58(), 1_000_000_000n);
  // A prepare asks the latest blockhash just before it packs: three asked means three are packing or about to.
  let aboutToPack = 0;
  const original = localnet.handleRpc;
  localnet.handleRpc = async (body: any) => {
    if (body?.method === 'getLatestBlockhash') aboutToPack++;
    return original(body);
  };
  const events: string[] = [];
  const started = Date.now();
  const prepares = [1, 2, 3].map((i) =>
    fetch(`${s.url}/api/prepare-burn-transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${60 + i}` },
      body: JSON.stringify({ ownerAddress: owner.publicKey.toBase58(), withdrawSurplus: true }),
    }).then(async (res) => {
      events.push(`prepare ${res.status}`);
      return res.json();
    }),
  );
  try {
    await until(() => aboutToPack >= 3, 120_000, 'the three prepares to reach their packing');
    const asked = Date.now();
    events.push(`config ${(await fetch(`${s.url}/api/config`)).status}`);
    events.push(`healthz ${(await fetch(`${s.url}/healthz`)).status}`);
    const answered = Date.now() - asked;
    const done = await Promise.all(prepares);
    console.log(
      `prepares: ${events.join(', ')}; config and healthz took ${answered} ms, prepares ${Date.now() - started} ms`,
    );
    expect(events.slice(0, 2)).toEqual(['config 200', 'healthz 200']);
    expect(events.slice(2)).toEqual(['prepare 200', 'prepare 200', 'prepare 200']);
    for (const p of done) expect(p.accountCount + p.surplusAccounts).toBe(300);
  } finally {
    localnet.handleRpc = original;
  }
}, 300_000);
