// Shared pieces of the benchmark: one real server on the local chain (rate limits off so load figures measure the
// server, not the limiter), JSON helpers, an upstream-call counter, and signing in Node with exact lamport reads.
import { Connection, type Keypair, PublicKey, type Transaction, VersionedTransaction } from '@solana/web3.js';
import { startServer, type TestServer } from '../__tests__/e2e/support/server';

export const QUICK = process.env.BENCH_QUICK === '1';

export interface Bench {
  server: TestServer;
  url: string;
  connection: Connection;
  upstream: UpstreamCounter;
}

/** Counts what the server asks of its chain: one entry per transport call (= one HTTP request upstream). */
export interface UpstreamCounter {
  requests: number;
  methods: Record<string, number>;
  reset(): void;
  snapshot(): { requests: number; methods: Record<string, number> };
}

function countUpstream(server: TestServer): UpstreamCounter {
  const counter: UpstreamCounter = {
    requests: 0,
    methods: {},
    reset() {
      counter.requests = 0;
      counter.methods = {};
    },
    snapshot: () => ({ requests: counter.requests, methods: { ...counter.methods } }),
  };
  const localnet = server.app.localnet!;
  const handle = localnet.handleRpc.bind(localnet);
  // The RPC and DAS transports look the handler up on every call, so wrapping it counts everything and changes nothing.
  localnet.handleRpc = (body: unknown) => {
    counter.requests++;
    for (const r of Array.isArray(body) ? body : [body]) {
      const m = String((r as { method?: unknown })?.method);
      counter.methods[m] = (counter.methods[m] ?? 0) + 1;
    }
    return handle(body);
  };
  return counter;
}

export async function startBench(): Promise<Bench> {
  const server = await startServer({ rateLimitPerMinute: 0, rpcRateLimitPerMinute: 0 });
  const connection = new Connection(`${server.url}/api/rpc`, 'confirmed');
  const bench = { server, url: server.url, connection, upstream: countUpstream(server) };
  // The fee wallet exists on a real cluster; a fee transfer into a missing account would be waived.
  await post(bench, 'localnet/fund', { owner: server.app.config.feeWallet });
  return bench;
}

export async function post<T = any>(b: { url: string }, route: string, body: unknown): Promise<T> {
  const res = await fetch(`${b.url}/api/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

export async function get<T = any>(b: { url: string }, route: string): Promise<T> {
  const res = await fetch(`${b.url}/api/${route}`);
  return (await res.json()) as T;
}

export async function fund(b: Bench, owner: string, profile: 'demo' | 'large'): Promise<{ manifest: any; ms: number }> {
  const t0 = performance.now();
  const res = await post(b, 'localnet/fund', { owner, profile });
  const ms = performance.now() - t0;
  if (!res.success) throw new Error(`funding ${profile} failed: ${res.error}`);
  return { manifest: res.manifest, ms };
}

export async function lamportsOf(b: Bench, addresses: string[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < addresses.length; i += 100) {
    const infos = await b.connection.getMultipleAccountsInfo(
      addresses.slice(i, i + 100).map((a) => new PublicKey(a)),
      'confirmed',
    );
    out.push(...infos.map((a) => a?.lamports ?? 0));
  }
  return out;
}

export const sum = (xs: number[]) => xs.reduce((a, c) => a + c, 0);

/** Signs with the owner, sends, waits for confirmation; returns the signature and the fee the runtime charged. */
export async function signAndSend(
  b: Bench,
  tx: Transaction,
  owner: Keypair,
): Promise<{ signature: string; fee: number }> {
  const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  const vtx = VersionedTransaction.deserialize(bytes);
  vtx.sign([owner]);
  const signature = await b.connection.sendRawTransaction(vtx.serialize());
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const { value } = await b.connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status && status.confirmationStatus !== 'processed') {
      const detail = await b.connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      });
      return { signature, fee: detail?.meta?.fee ?? 0 };
    }
  }
  throw new Error(`transaction ${signature} not confirmed in 30 s`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
