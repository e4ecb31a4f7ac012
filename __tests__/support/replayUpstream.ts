// A stand-in Solana RPC / DAS provider: a real HTTP server on a free loopback port that answers with the recorded
// public answers in __tests__/fixtures/upstream/ and can fail the ways providers fail (modes below).
import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';

export type UpstreamMode =
  | 'normal'
  | 'down' // the connection is dropped without an answer
  | 'slow' // answers after `slowMs` (longer than the server's UPSTREAM_TIMEOUT_MS)
  | 'http429' // HTTP 429, as the public endpoint answers
  | 'rateLimitJson' // HTTP 200 with a JSON-RPC error code 429 (Triton/rpcpool)
  | 'batchRefused' // single requests answered, a batch answered with one error object (id null)
  | 'auth401' // HTTP 401 with a JSON-RPC error inside (Helius, invalid key)
  | 'auth32001' // HTTP 200, JSON-RPC -32001 (DAS key refused)
  | 'nodeUnhealthy'; // HTTP 200, JSON-RPC -32005 "Node is behind"

export const FAULT_MODES: UpstreamMode[] = process.env.ONLY_MODE
  ? [process.env.ONLY_MODE as UpstreamMode]
  : ['down', 'slow', 'http429', 'rateLimitJson', 'auth401', 'auth32001', 'nodeUnhealthy'];

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'upstream');
export function fixture<T = any>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

type Req = { jsonrpc?: string; id?: unknown; method: string; params?: any };
type Answer = (params: any) => unknown;

/** Recorded answers by method; what no recording covers answers as an empty wallet would (noted per method). */
export function recordedAnswers(): Record<string, Answer> {
  const tokenLists = [
    fixture('solana/getTokenAccountsByOwner-spl.json'),
    fixture('solana/getTokenAccountsByOwner-token2022.json'),
  ];
  const mintInfo = fixture('solana/getAccountInfo-aaplx-mint.json');
  const byOwner = fixture('das/getAssetsByOwner-showFungible.json');
  const assets = [fixture('das/getAsset-showCollectionMetadata.json'), fixture('das/getAsset-cnft.json')].map(
    (f) => f.response,
  );
  const proof = fixture('das/getAssetProof.json');
  const owners = new Set<string>([...tokenLists.map((t) => t.owner), byOwner.owner]);
  const ctx = (value: unknown) => ({ context: { apiVersion: '2.0.15', slot: 341197933 }, value });
  return {
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const hit = tokenLists.find((t) => t.owner === owner && t.programId === filter?.programId);
      // The recordings are jsonParsed; a base64 request for the same owner is not recorded: no accounts.
      return hit && config?.encoding === 'jsonParsed' ? hit.response : ctx([]);
    },
    getAccountInfo: ([key, config]) => {
      if (key === mintInfo.mint && config?.encoding === 'jsonParsed') return mintInfo.response;
      // The recorded owners exist as plain system accounts (not recorded: a wallet has at least its SOL).
      if (owners.has(key))
        return ctx({
          data: ['', 'base64'],
          executable: false,
          lamports: 1_000_000_000,
          owner: '11111111111111111111111111111111',
          rentEpoch: 0,
          space: 0,
        });
      return ctx(null);
    },
    getMultipleAccounts: ([keys, config]) =>
      ctx(
        (keys as string[]).map((k) =>
          k === mintInfo.mint && config?.encoding === 'jsonParsed' ? mintInfo.response.value : null,
        ),
      ),
    getMinimumBalanceForRentExemption: ([bytes]) => (Number(bytes) + 128) * 6960,
    getLatestBlockhash: () =>
      ctx({ blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N', lastValidBlockHeight: 341198083 }),
    getRecentPrioritizationFees: () => [],
    getSlot: () => 341197933,
    getAssetsByOwner: (p) =>
      p?.ownerAddress === byOwner.owner && (p.page ?? 1) === 1
        ? byOwner.response
        : { total: 0, limit: p?.limit ?? 1000, page: p?.page ?? 1, items: [] },
    getAsset: (p) => assets.find((a) => a.id === p?.id) ?? { __error: { code: -32000, message: 'Asset Not Found' } },
    getAssetProof: (p) =>
      p?.id === proof.id ? proof.response : { __error: { code: -32000, message: 'Asset Proof Not Found' } },
  };
}

export interface ReplayUpstream {
  url: string;
  mode: UpstreamMode;
  slowMs: number;
  seen: Req[];
  batchesSeen: number;
  answers: Record<string, Answer>;
  close(): Promise<void>;
}

const errors = fixture('errors.json');

export async function startReplayUpstream(
  answers: Record<string, Answer> = recordedAnswers(),
): Promise<ReplayUpstream> {
  const state: ReplayUpstream = {
    url: '',
    mode: 'normal',
    slowMs: 2000,
    seen: [],
    batchesSeen: 0,
    answers,
    close: async () => {},
  };
  const answerOne = (r: Req) => {
    state.seen.push(r);
    const handler = state.answers[r.method];
    if (!handler) return { jsonrpc: '2.0', id: r.id ?? null, error: { code: -32601, message: 'Method not found' } };
    const out = handler(r.params) as { __error?: unknown } | undefined;
    if (out && typeof out === 'object' && '__error' in out)
      return { jsonrpc: '2.0', id: r.id ?? null, error: out.__error };
    return { jsonrpc: '2.0', id: r.id ?? null, result: out };
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || 'null');
      const requests: Req[] = Array.isArray(body) ? body : [body];
      const send = (status: number, payload: unknown) =>
        res
          .writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' })
          .end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      const withIds = (template: { body: any }) => requests.map((r) => ({ ...template.body, id: r.id ?? null }));
      if (Array.isArray(body)) state.batchesSeen++;
      switch (state.mode) {
        case 'down':
          requests.forEach((r) => state.seen.push(r));
          req.socket.destroy();
          return;
        case 'slow':
          setTimeout(() => {
            if (!res.destroyed) send(200, Array.isArray(body) ? requests.map(answerOne) : answerOne(body));
          }, state.slowMs).unref();
          return;
        case 'http429':
          requests.forEach((r) => state.seen.push(r));
          return send(429, errors.rateLimitHttp429.body);
        case 'rateLimitJson':
        case 'auth32001':
        case 'nodeUnhealthy': {
          requests.forEach((r) => state.seen.push(r));
          const t = {
            rateLimitJson: errors.rateLimitJsonRpc,
            auth32001: errors.authJsonRpc32001,
            nodeUnhealthy: errors.nodeUnhealthy,
          }[state.mode];
          const list = withIds(t);
          return send(200, Array.isArray(body) ? list : list[0]);
        }
        case 'auth401': {
          requests.forEach((r) => state.seen.push(r));
          const list = withIds(errors.authHttp401);
          return send(401, Array.isArray(body) ? list : list[0]);
        }
        case 'batchRefused':
          if (Array.isArray(body)) return send(200, errors.batchRefused.body);
          return send(200, answerOne(body));
        default:
          return send(200, Array.isArray(body) ? requests.map(answerOne) : answerOne(body));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?api-key=REPLAY`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
