// /api/rpc is a closed relay (RELIABILITY, trust): the allow-list, scans refused with a JSON-RPC error, batches capped,
// answers capped — over real HTTP against the app on the local chain, with default settings.
import { Keypair } from '@solana/web3.js';
import {
  MAX_RPC_BATCH,
  MAX_TOKEN_ACCOUNTS_LIMIT,
  RPC_ALLOWED_METHODS,
  oversizeAnswer,
} from '../../backend/services/rpcProxy/rpcPolicy';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());

const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });
const someone = Keypair.generate().publicKey.toBase58();

describe('POST /api/rpc allow-list', () => {
  it('refuses getProgramAccounts (a scan) with a JSON-RPC error, anonymously and by default', async () => {
    const res = await server.post(
      '/api/rpc',
      call('getProgramAccounts', ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']),
    );
    expect(res.json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not allowed on this server: getProgramAccounts' },
    });
  });

  it.each(['getLargestAccounts', 'getBlock', 'getBlocks', 'getSupply', 'getAssetsByGroup', 'searchAssets', 'nope'])(
    'refuses %s',
    async (method) => {
      const res = await server.post('/api/rpc', call(method));
      expect(res.json.error.code).toBe(-32601);
    },
  );

  it('answers the methods the page and wallets use', async () => {
    for (const method of ['getLatestBlockhash', 'getBalance', 'getMultipleAccounts'])
      expect(RPC_ALLOWED_METHODS.has(method)).toBe(true);
    const res = await server.post('/api/rpc', call('getBalance', [someone]));
    expect(res.json.result.value).toBe(0);
  });

  it('relays getTokenLargestAccounts (a print’s master holder, src/chain/nftBurnKinds.ts): the chain’s own answer', async () => {
    expect(RPC_ALLOWED_METHODS.has('getTokenLargestAccounts')).toBe(true);
    const res = await server.post('/api/rpc', call('getTokenLargestAccounts', [someone]));
    // Not refused by the relay (-32601): the chain answers, here that a wallet address is no mint (agave's text).
    expect(res.json.error).toEqual({ code: -32602, message: 'Invalid param: not a Token mint' });
  });

  it('relays DAS getTokenAccounts for one mint and a bounded page (a print’s master holder), nothing broader', async () => {
    const das = (params: unknown) =>
      server.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getTokenAccounts', params });
    // One mint, a page within the cap: the local DAS answers (a wallet address holds no tokens of its own mint).
    const served = await das({ mint: someone, page: 1, limit: MAX_TOKEN_ACCOUNTS_LIMIT });
    expect(served.json.result).toEqual({ total: 0, limit: MAX_TOKEN_ACCOUNTS_LIMIT, page: 1, token_accounts: [] });
    const refusals = [
      { mint: someone }, // no limit: the provider's default page
      { mint: someone, limit: MAX_TOKEN_ACCOUNTS_LIMIT + 1 },
      { mint: someone, limit: 0 },
      { owner: someone, limit: 20 }, // an owner's listing: getTokenAccountsByOwner serves the page
      { mint: '11111111111111111111111111111111', limit: 20 }, // the zero key
      { mint: 'not-a-key', limit: 20 },
      [someone],
    ];
    for (const params of refusals) {
      const res = await das(params);
      expect(res.json.error).toEqual({ code: -32601, message: 'Method not allowed on this server: getTokenAccounts' });
    }
  });

  it('a 100-item batch is refused whole; a batch within the cap keeps order and refuses only the scans in it', async () => {
    const big = await server.post(
      '/api/rpc',
      Array.from({ length: 100 }, (_, i) => call('getBalance', [someone], i)),
    );
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe(-32600);
    const mixed = await server.post('/api/rpc', [
      call('getBalance', [someone], 'a'),
      call('getProgramAccounts', [someone], 'b'),
      call('getSlot', [], 'c'),
    ]);
    expect(mixed.json.map((r: { id: string }) => r.id)).toEqual(['a', 'b', 'c']);
    expect(mixed.json[0].result.value).toBe(0);
    expect(mixed.json[1].error.code).toBe(-32601);
    expect(typeof mixed.json[2].result).toBe('number');
    const full = await server.post(
      '/api/rpc',
      Array.from({ length: MAX_RPC_BATCH }, (_, i) => call('getSlot', [], i)),
    );
    expect(full.json).toHaveLength(MAX_RPC_BATCH);
  });

  it('an answer over the size cap becomes a JSON-RPC error', () => {
    expect(oversizeAnswer({ result: 'x'.repeat(100) }, 7, 50)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32009, message: 'Answer too large for this server' },
    });
    expect(oversizeAnswer({ result: 'x' }, 7, 50)).toBeNull();
  });
});
