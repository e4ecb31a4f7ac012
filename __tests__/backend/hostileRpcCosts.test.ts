// Hostile clients, what one /api/rpc request may cost (RELIABILITY, "Hostile clients"): base58 of a large account
// (one 105 KB read once held the server 87 s) and simulateTransaction's `accounts` (a 70 KB request once took the
// server from 392 MB to 1,128 MB). Real Koa over HTTP on the local chain, an anonymous client behind TRUST_PROXY.
import bs58 from 'bs58';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { TOKEN_PROGRAM } from '../../src/common/addresses';
import { BASE58_TOO_LARGE, MAX_BASE58_BYTES } from '../../backend/services/rpcProxy/rpcAnswerBudget';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
}, 60_000);
afterAll(() => server.close());

const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });
const asClient = async (ip: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};
const KB100 = 100 * 1024;

/**
 * The largest data the server process encodes as base58 while `run` runs. Beyond Solana's 128 bytes it stops the
 * encoding (a 100 KB base58 takes minutes of one core): the size it was asked is what the test judges.
 */
async function largestBase58(run: () => Promise<unknown>): Promise<number> {
  const original = bs58.encode;
  let largest = 0;
  const spy = jest.spyOn(bs58, 'encode').mockImplementation((bytes) => {
    largest = Math.max(largest, bytes.length);
    if (bytes.length > MAX_BASE58_BYTES) throw new Error(`base58 of ${bytes.length} bytes`);
    return original(bytes);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return largest;
}

it('a 100 KB account read as base58 is refused with the cluster’s words, nothing encoded; /healthz answers meanwhile', async () => {
  const big = Keypair.generate().publicKey.toBase58();
  const small = Keypair.generate().publicKey.toBase58();
  server.solback.localnet!.chain.setAccount(big, { lamports: 10n ** 9n, data: new Uint8Array(KB100).fill(7) });
  server.solback.localnet!.chain.setAccount(small, { lamports: 10n ** 9n, data: new Uint8Array(MAX_BASE58_BYTES) });
  const events: string[] = [];
  const started = Date.now();
  let read: Awaited<ReturnType<typeof asClient>> | undefined;
  const largest = await largestBase58(async () => {
    const reading = asClient('203.0.113.40', [
      call('getAccountInfo', [big, { encoding: 'base58' }], 1),
      call('getMultipleAccounts', [[small, big], { encoding: 'base58' }], 2),
      call('getAccountInfo', [big, { encoding: 'base58', dataSlice: { offset: 0, length: MAX_BASE58_BYTES } }], 3),
      call('getAccountInfo', [small, { encoding: 'base58' }], 4),
    ]).then((r) => {
      events.push('rpc');
      return r;
    });
    const health = fetch(`${server.url}/healthz`).then((r) => {
      events.push(`healthz ${r.status} after ${Date.now() - started} ms`);
    });
    [read] = await Promise.all([reading, health]);
  });
  console.log(`base58 of a 100 KB account: ${events.join(', ')}; rpc done after ${Date.now() - started} ms`);
  expect(largest).toBe(MAX_BASE58_BYTES); // the 128-byte reads were encoded, nothing larger
  const refused = { code: -32600, message: BASE58_TOO_LARGE };
  expect(read!.json[0].error).toEqual(refused);
  expect(read!.json[1].error).toEqual(refused);
  expect(read!.json[2].result.value.data[1]).toBe('base58'); // sliced to 128 bytes: answered
  expect(bs58.decode(read!.json[2].result.value.data[0])).toEqual(new Uint8Array(MAX_BASE58_BYTES).fill(7));
  expect(read!.json[3].result.value.data[1]).toBe('base58');
  expect(events.find((e) => e.startsWith('healthz'))).toMatch(/^healthz 200/);
  // A listing cannot name its accounts' sizes in advance: base58 of one is refused unless sliced that small.
  const listing = await asClient('203.0.113.40', [
    call('getTokenAccountsByOwner', [small, { programId: TOKEN_PROGRAM }, { encoding: 'base58' }]),
  ]);
  expect(listing.json[0].error).toEqual(refused);
}, 60_000);

it('simulateTransaction naming 500 accounts is refused before anything is read: RSS grows < 100 MB', async () => {
  const payer = Keypair.generate();
  const big = Keypair.generate().publicKey.toBase58();
  server.solback.localnet!.chain.setAccount(payer.publicKey.toBase58(), { lamports: 10n ** 10n });
  server.solback.localnet!.chain.setAccount(big, { lamports: 10n ** 9n, data: new Uint8Array(KB100) });
  const { blockhash } = server.solback.localnet!.chain.latestBlockhash();
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 }),
  );
  tx.sign(payer);
  const simulate = (addresses: string[]) =>
    call('simulateTransaction', [
      tx.serialize().toString('base64'),
      { encoding: 'base64', sigVerify: false, accounts: { encoding: 'base64', addresses } },
    ]);
  const rssBefore = process.memoryUsage().rss;
  const named500 = await asClient('203.0.113.41', simulate(Array(500).fill(big)));
  const grew = process.memoryUsage().rss - rssBefore;
  console.log(`simulateTransaction naming 500 × a 100 KB account: RSS +${Math.round(grew / 1e6)} MB`);
  expect(named500.json.error).toEqual({ code: -32602, message: 'Too many accounts named in this request or batch' });
  expect(grew).toBeLessThan(100 * 1024 * 1024);
  // What the page names (its owner) is answered; the cluster's own rule holds: no more accounts than the
  // transaction names, and no base58.
  const owner = await asClient('203.0.113.41', simulate([payer.publicKey.toBase58()]));
  expect(owner.json.result.value.accounts).toHaveLength(1);
  const four = await asClient('203.0.113.41', simulate(Array(4).fill(big)));
  expect(four.json.error.message).toBe('Too many accounts provided; max 3');
}, 60_000);
