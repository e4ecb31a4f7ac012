import { Keypair } from '@solana/web3.js';
import { startServer, type TestServer } from './helpers';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

describe('listing routes on the local chain (demo profile)', () => {
  let s: TestServer;
  const owner = Keypair.generate().publicKey.toBase58();
  let manifest: any;

  beforeAll(async () => {
    s = await startServer();
    const r = await s.post('/api/localnet/fund', { owner });
    expect(r.status).toBe(200);
    manifest = r.json.manifest;
  });
  afterAll(() => s.close());

  it('GET /api/wallet-tokens lists the funded fungible tokens with names and symbols, no NFTs, no empty accounts', async () => {
    const { status, json } = await s.get(`/api/wallet-tokens/${owner}`);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    const byMint = new Map(json.tokens.map((t: any) => [t.mint, t]));
    for (const t of manifest.tokens) {
      expect(byMint.get(t.mint)).toMatchObject({
        mint: t.mint,
        amount: t.amount,
        decimals: t.decimals,
        tokenAccount: t.account,
        programId: t.program,
        name: t.name,
        symbol: t.symbol,
      });
    }
    for (const tok of json.tokens) {
      expect(tok.amount).toMatch(/^[1-9]\d*$/);
      expect(tok.tokenAccount).toMatch(BASE58);
    }
    const listed = new Set(json.tokens.map((t: any) => t.mint));
    for (const n of manifest.nfts) expect(listed.has(n.mint)).toBe(false);
    for (const e of manifest.emptyAccounts)
      expect(json.tokens.some((t: any) => t.tokenAccount === e.account)).toBe(false);
  });

  it('includes Token-2022 tokens', async () => {
    const t22 = manifest.tokens.filter((t: any) => t.program === 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    const { json } = await s.get(`/api/wallet-tokens/${owner}`);
    for (const t of t22) expect(json.tokens.find((x: any) => x.mint === t.mint)?.name).toBe(t.name);
  });

  it('GET /api/token-metadata answers symbol, name, icon, decimals, uri', async () => {
    const t = manifest.tokens[0];
    const { status, json } = await s.get(`/api/token-metadata/${t.mint}`);
    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      data: { symbol: t.symbol, name: t.name, icon: t.image, decimals: t.decimals, uri: expect.any(String) },
    });
    const missing = await s.get(`/api/token-metadata/${Keypair.generate().publicKey.toBase58()}`);
    expect(missing.status).toBe(404);
    expect(missing.json.success).toBe(false);
  });

  it('GET /api/helius/wallet/nfts answers the demo NFTs and cNFTs', async () => {
    const { status, json } = await s.get(`/api/helius/wallet/nfts/${owner}`);
    expect(status).toBe(200);
    const { regularNfts, compressedNfts } = json.data;
    for (const n of manifest.nfts) {
      expect(regularNfts.find((x: any) => x.mint === n.mint)).toMatchObject({
        mint: n.mint,
        name: n.name,
        image: n.image,
        tokenAddress: n.tokenAccount,
        metadataAddress: n.metadata,
        compressed: false,
      });
    }
    expect(manifest.nfts).toHaveLength(5);
    expect(regularNfts.filter((x: any) => manifest.nfts.some((n: any) => n.mint === x.mint))).toHaveLength(5);
    expect(compressedNfts).toHaveLength(6 + manifest.kinds.cnftsV2.length); // + Bubblegum V2 leaves (PRODUCT difference 12)
    for (const c of manifest.cnfts) {
      const got = compressedNfts.find((x: any) => x.mint === c.assetId);
      expect(got).toMatchObject({ mint: c.assetId, name: c.name, image: c.image, compressed: true });
      expect(got.compression).toMatchObject({ compressed: true, tree: manifest.tree, leaf_id: c.leafIndex });
      expect(got.compression.data_hash).toMatch(BASE58);
      expect(got.compression.creator_hash).toMatch(BASE58);
    }
    expect(regularNfts.find((x: any) => x.mint === manifest.nfts[0].mint).collection).toBe(
      manifest.collection?.name ?? null,
    );
  });

  it('supports the list reading (?format=list) and the fallback routes', async () => {
    const split = (await s.get(`/api/helius/wallet/nfts/${owner}`)).json.data;
    const list = await s.get(`/api/helius/wallet/nfts/${owner}?format=list`);
    expect(list.json.data).toHaveLength(split.regularNfts.length + split.compressedNfts.length);
    expect(list.json.data.filter((x: any) => x.compression?.compressed)).toHaveLength(9);
    const assets = await s.get(`/api/helius/assets/${owner}`);
    expect(assets.json).toEqual({ success: true, data: split.regularNfts });
    const cnfts = await s.get(`/api/helius/cnfts/${owner}`);
    expect(cnfts.json).toEqual({ success: true, data: split.compressedNfts });
    expect((await s.get(`/api/helius/wallet/nfts/${owner}?format=tree`)).status).toBe(400);
  });

  it('answers empty lists for an empty wallet', async () => {
    const nobody = Keypair.generate().publicKey.toBase58();
    expect((await s.get(`/api/wallet-tokens/${nobody}`)).json).toEqual({ success: true, tokens: [] });
    expect((await s.get(`/api/helius/wallet/nfts/${nobody}`)).json).toEqual({
      success: true,
      data: { regularNfts: [], compressedNfts: [] },
    });
  });
});
