// The fee relayer under a hostile client (RELIABILITY, "The fee relayer"): a concurrent burst with cluster timing —
// the node answers `sendTransaction` once preflight passes and the transaction lands later, after the owner raced it,
// so it fails on chain and the relayer pays its fee. Uses are reserved before anything is awaited, one relayed
// transaction per owner is in flight, clients are told apart behind TRUST_PROXY, and a failure weighs on its owner.
import bs58 from 'bs58';
import { Transaction, VersionedTransaction } from '@solana/web3.js';
import { DEFAULT_RELAYER_LIMITS } from '../../backend/services/relayer/relayer';
import { emptiedWallet, giveTokens } from './relayerSupport';
import { startServer, type TestServer } from './helpers';

/** A small daily allowance keeps the test small; the bound scales with it (RELIABILITY, "The fee relayer"). */
const PER_CLIENT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1', RELAYER_PER_CLIENT_PER_DAY: String(PER_CLIENT) });
}, 60_000);
afterAll(() => server.close());

const post = async (ip: string, route: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

/** Vacant accounts of every owner made here: the race fills one of them once the send was answered. */
const vacant = new Set<string>();

/** The node's timing on a cluster: the answer comes at preflight, the transaction lands 200 ms later. */
function clusterTiming(): () => void {
  const localnet = server.solback.localnet!;
  const original = localnet.handleRpc;
  localnet.handleRpc = async (body: any) => {
    if (body?.method !== 'sendTransaction') return original(body);
    const bytes = Buffer.from(body.params[0], 'base64');
    const preflight = localnet.chain.simulate(bytes);
    if (preflight.err) return original(body);
    const tx = VersionedTransaction.deserialize(bytes);
    setTimeout(() => {
      // The owner races it: a token arrives in one account it closes, so it fails on chain after paying its fee.
      const raced = tx.message.staticAccountKeys.map((k) => k.toBase58()).find((k) => vacant.has(k));
      if (raced) giveTokens(localnet, raced, 1n);
      localnet.chain.send(bytes);
    }, 200);
    return { jsonrpc: '2.0', id: body.id, result: bs58.encode(tx.signatures[0]) };
  };
  return () => {
    localnet.handleRpc = original;
  };
}

/** A 0-SOL owner with 2 vacant accounts and its relayed recovery asked by `ip`: the owner and the answer. */
async function preparedRelayed(ip: string) {
  const { owner, accounts } = emptiedWallet(server.solback.localnet!, 2);
  accounts.forEach((a) => vacant.add(a));
  const prep = await post(ip, 'prepare-burn-transactions', {
    ownerAddress: owner.publicKey.toBase58(),
    relayFee: true,
  });
  return { owner, prep };
}

/** The same, prepared and signed by the owner. */
async function signedRelayed(ip: string): Promise<string> {
  const { owner, prep } = await preparedRelayed(ip);
  expect(prep.status).toBe(200);
  const tx = Transaction.from(Buffer.from(prep.body.transactions[0], 'base64'));
  tx.partialSign(owner);
  return tx.serialize({ requireAllSignatures: false }).toString('base64');
}

const relayerLamports = () => Number(server.solback.localnet!.chain.getBalance(server.solback.relayer!.address));

it('a burst of 12 from one client with cluster timing: at most 3 co-signed, loss within 3 × the fee cap', async () => {
  const client = '192.0.2.10';
  const signed = [];
  for (let i = 0; i < 12; i++) signed.push(await signedRelayed(client));
  const before = relayerLamports();
  const restore = clusterTiming();
  let statuses: number[];
  try {
    statuses = (
      await Promise.all(signed.map((t) => post(client, 'submit-burn-transaction', { signedTransaction: t })))
    ).map((r) => r.status);
  } finally {
    restore();
  }
  const sent = statuses.filter((s) => s === 400).length; // failed on chain
  const lost = before - relayerLamports();
  console.log(
    `relayer: burst of 12 → ${sent} co-signed and failed on chain, ${statuses.filter((s) => s === 429).length} refused; lost ${lost} lamports`,
  );
  expect(sent).toBeLessThanOrEqual(DEFAULT_RELAYER_LIMITS.perClientPerDay);
  expect(lost).toBeLessThanOrEqual(
    DEFAULT_RELAYER_LIMITS.perClientPerDay * DEFAULT_RELAYER_LIMITS.maxFeePerTransaction,
  );
  expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  // The failures weigh on that client: nothing more is relayed for it today, refused already at prepare.
  expect((await preparedRelayed(client)).prep.status).toBe(429);
}, 120_000);

it('one owner: at most one relayed transaction in flight', async () => {
  const client = '198.51.100.20'; // each test's clients in their own /24 (the burst's failures weigh on its /24)
  const signed = await signedRelayed(client);
  // Three copies of the owner's signed transaction at once stand for any of its transactions sent together.
  const restore = clusterTiming();
  let statuses: number[];
  try {
    statuses = (
      await Promise.all(
        [signed, signed, signed].map((t) => post(client, 'submit-burn-transaction', { signedTransaction: t })),
      )
    ).map((r) => r.status);
  } finally {
    restore();
  }
  expect(statuses.filter((s) => s !== 429)).toHaveLength(1);
});

it('behind TRUST_PROXY another client is counted apart, and an honest relay still costs the relayer 0', async () => {
  const before = relayerLamports();
  const honest = (ip: string) =>
    signedRelayed(ip).then((t) => post(ip, 'submit-burn-transaction', { signedTransaction: t }));
  for (let i = 0; i < PER_CLIENT; i++) expect((await honest('203.0.113.30')).status).toBe(200);
  expect((await preparedRelayed('203.0.113.30')).prep.status).toBe(429); // that client's day is used up ...
  const status = await fetch(`${server.url}/api/relayer`).then((r) => r.json());
  expect(status.available).toBe(true);
  expect((await honest('203.0.113.31')).status).toBe(200); // ... not the next one's
  expect(relayerLamports() - before).toBe(0);
}, 60_000);
