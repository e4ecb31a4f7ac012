// Prices for the token list (PRODUCT difference 14): the local DAS answers token_info.price_info and nativeBalance.price_per_sol
// as Helius does (recorded shape: __tests__/fixtures/das/prices/getAssetsByOwner-priceInfo-mainnet.json), and
// GET /api/wallet-tokens carries them with each account's lamports. Real Koa over HTTP, the real local chain.
import { Keypair } from '@solana/web3.js';
import { NATIVE_MINT } from '../../src/common/addresses';
import { LOCALNET_SOL_USD, localTokenPriceUsd } from '../../backend/localnet/prices';
import { PRICE_WAIT_MS } from '../../backend/services/assets/tokenPrices';
import { startServer, type TestServer } from './helpers';

describe('prices on the local chain (demo profile)', () => {
  let s: TestServer;
  const owner = Keypair.generate().publicKey.toBase58();
  let manifest: any;
  const rpc = async (method: string, params: unknown) =>
    (await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method, params })).json;

  beforeAll(async () => {
    s = await startServer();
    manifest = (await s.post('/api/localnet/fund', { owner })).json.manifest;
  }, 120_000);
  afterAll(() => s.close());

  const bySymbol = (sym: string) => manifest.tokens.find((t: any) => t.symbol === sym);

  it('getAssetBatch: price_info {price_per_token, total_price, currency} for SGLD and PIXL only', async () => {
    const ids = manifest.tokens.map((t: any) => t.mint);
    const { result } = await rpc('getAssetBatch', { ids, displayOptions: { showFungible: true } });
    const info = new Map(result.map((a: any) => [a.id, a.token_info]));
    expect((info.get(bySymbol('SGLD').mint) as any).price_info).toEqual({
      price_per_token: 8,
      total_price: 3.141592653 * 8,
      currency: 'USDC',
    });
    expect((info.get(bySymbol('PIXL').mint) as any).price_info).toMatchObject({ price_per_token: 0.0002 });
    expect((info.get(NATIVE_MINT) as any).price_info).toMatchObject({ price_per_token: LOCALNET_SOL_USD });
    for (const sym of ['DUSD', 'BONKI', 'FEE22'])
      expect((info.get(bySymbol(sym).mint) as any).price_info).toBeUndefined();
  });

  it('getAssetsByOwner with showNativeBalance answers nativeBalance as Helius does', async () => {
    const { result } = await rpc('getAssetsByOwner', {
      ownerAddress: owner,
      page: 1,
      limit: 1,
      displayOptions: { showNativeBalance: true },
    });
    const lamports = (await rpc('getBalance', [owner])).result.value;
    expect(result.nativeBalance).toEqual({
      lamports,
      price_per_sol: LOCALNET_SOL_USD,
      total_price: (lamports / 1e9) * LOCALNET_SOL_USD,
    });
    const plain = (await rpc('getAssetsByOwner', { ownerAddress: owner, page: 1, limit: 1 })).result;
    expect(plain.nativeBalance).toBeUndefined();
  });

  it('GET /api/wallet-tokens: priceUsd where priced, none where not, each account lamports, the SOL price', async () => {
    const { json } = await s.get(`/api/wallet-tokens/${owner}`);
    expect(json.solPriceUsd).toBe(LOCALNET_SOL_USD);
    const byMint = new Map(json.tokens.map((t: any) => [t.mint, t]));
    const accounts = await rpc('getMultipleAccounts', [manifest.tokens.map((t: any) => t.account)]);
    manifest.tokens.forEach((t: any, i: number) => {
      const item = byMint.get(t.mint) as any;
      expect(item.lamports).toBe(accounts.result.value[i].lamports);
      const expected = { SGLD: 8, PIXL: 0.0002, SOL: LOCALNET_SOL_USD }[t.symbol as string];
      if (expected === undefined) expect('priceUsd' in item).toBe(false);
      else expect(item.priceUsd).toBe(expected);
    });
  });

  it('a token is priced by its symbol only when the local faucet wrote its metadata', async () => {
    const mint = bySymbol('SGLD').mint;
    const faucet = (await rpc('getAsset', { id: mint })).result.authorities[0].address;
    expect(localTokenPriceUsd(mint, { symbol: 'SGLD', updateAuthority: faucet }, faucet)).toBe(8);
    const someoneElse = Keypair.generate().publicKey.toBase58();
    expect(localTokenPriceUsd(mint, { symbol: 'SGLD', updateAuthority: someoneElse }, faucet)).toBeUndefined();
    expect(localTokenPriceUsd(mint, null, faucet)).toBeUndefined();
  });

  it('when the indexer fails, the list still comes, every value unknown (no price is invented)', async () => {
    const das = s.solback.das;
    const call = das.call.bind(das);
    das.call = async (method: string, params?: unknown) => {
      if (method === 'getAssetBatch' || method === 'getAssetsByOwner') throw new Error('indexer down');
      return call(method, params);
    };
    try {
      const { status, json } = await s.get(`/api/wallet-tokens/${owner}`);
      expect(status).toBe(200);
      expect(json.tokens).toHaveLength(manifest.tokens.length);
      expect(json.tokens.filter((t: any) => 'priceUsd' in t)).toEqual([]);
      expect('solPriceUsd' in json).toBe(false);
    } finally {
      das.call = call;
    }
  });

  it('a slow indexer costs the prices, not the list: the answer comes after PRICE_WAIT_MS, every value unknown', async () => {
    const das = s.solback.das;
    const call = das.call.bind(das);
    das.call = async (method: string, params?: unknown) => {
      if (method === 'getAssetBatch' || method === 'getAssetsByOwner') return new Promise(() => undefined);
      return call(method, params);
    };
    try {
      const t0 = Date.now();
      const { status, json } = await s.get(`/api/wallet-tokens/${owner}`);
      const ms = Date.now() - t0;
      expect(status).toBe(200);
      expect(json.tokens).toHaveLength(manifest.tokens.length);
      expect(json.tokens.filter((t: any) => 'priceUsd' in t)).toEqual([]);
      // The price lookup never answers: the list came anyway, after waiting for it the configured while.
      expect(ms).toBeGreaterThanOrEqual(PRICE_WAIT_MS - 50);
    } finally {
      das.call = call;
    }
  }, 30_000);
});
