// GET /api/rent-estimate/:wallet over HTTP on the local chain: every figure equals a sum of on-chain lamports of
// the accounts the funding manifest says it made, for the demo and the large profile.
import { Keypair, PublicKey } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../../src/common/constants';
import { sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

/**
 * The figures expected from the chain: NFTs = token + metadata + edition; today's kinds (PRODUCT difference 12): pNFT + token record
 * (its frozen token account counted), print edition (its marker stays: the master is someone else's), Token-2022 NFT,
 * Core asset = its lamports minus a one-byte account's rent; tokens with a balance; vacant = closable empties.
 */
async function expectedFromChain(manifest: any) {
  const nfts = [manifest.collection, ...manifest.nfts].filter(Boolean);
  const k = manifest.kinds;
  // Closing a metadata account returns its rent minimum at today's rent (surplus from an older rate stays in it), and
  // a Core burn returns rent(size) − rent(1): both read from the chain's own rent (Token Metadata and mpl-core
  // close_program_account). Every other closed account returns all its lamports.
  const rentOf = (bytes: number) => h.connection.getMinimumBalanceForRentExemption(bytes);
  const metadataBack = async (addresses: string[]) => {
    let total = 0;
    for (let at = 0; at < addresses.length; at += 100) {
      // a node answers at most 100 accounts per call
      const infos = await h.connection.getMultipleAccountsInfo(
        addresses.slice(at, at + 100).map((a) => new PublicKey(a)),
      );
      for (const i of infos) total += Math.min(i!.lamports, await rentOf(i!.data.length));
    }
    return total;
  };
  const all = [...nfts, ...(k ? [...k.pnfts, ...k.printEditions, ...k.token2022Nfts] : [])];
  const whole = [
    ...all.flatMap((n: any) => [n.tokenAccount, n.edition]),
    ...(k ? k.pnfts.map((n: any) => n.tokenRecord) : []),
  ];
  const oneByte = await rentOf(1); // what a burned Core asset keeps
  let coreRent = 0;
  for (const c of k?.coreAssets ?? []) {
    const info = await h.connection.getAccountInfo(new PublicKey(c.asset));
    coreRent += Math.min(info!.lamports, await rentOf(info!.data.length)) - oneByte;
  }
  const kindCount = k ? k.pnfts.length + k.printEditions.length + k.token2022Nfts.length + k.coreAssets.length : 0;
  const nftRent = sum(await h.lamportsOf(whole)) + (await metadataBack(all.map((n: any) => n.metadata))) + coreRent;
  const tokens = manifest.tokens.filter(
    (t: any) => BigInt(t.amount) > 0n && t.mint !== 'So11111111111111111111111111111111111111112',
  );
  const tokenRent = sum(await h.lamportsOf(tokens.map((t: any) => t.account)));
  // Frozen empty accounts are closable too (frozenAccounts.test.ts).
  const empties = [...manifest.emptyAccounts, ...manifest.frozenAccounts];
  const vacantRent = sum(await h.lamportsOf(empties.map((a: any) => a.account)));
  return {
    nfts: nfts.length + kindCount,
    nftRent,
    tokens: tokens.length,
    tokenRent,
    vacant: empties.length,
    vacantRent,
  };
}

function expectFigures(data: any, e: Awaited<ReturnType<typeof expectedFromChain>>) {
  expect(data.nftAccounts).toBe(e.nfts);
  expect(data.tokenAccounts).toBe(e.tokens);
  expect(data.vacantAccounts).toBe(e.vacant);
  expect(data.breakdown.nftRentLamports).toBe(e.nftRent);
  expect(data.breakdown.tokenRentLamports).toBe(e.tokenRent);
  expect(data.breakdown.vacantRentLamports).toBe(e.vacantRent);
  expect(data.totalRentEstimateLamports).toBe(e.nftRent + e.tokenRent + e.vacantRent);
  expect(data.rentPerAccountLamports).toBe(Math.floor(e.tokenRent / e.tokens));
  expect(data.nftRentPerAssetLamports).toBe(Math.floor(e.nftRent / e.nfts));
  expect(data.actualBalances.avgVacantRentLamports).toBe(Math.floor(e.vacantRent / e.vacant));
  // The spec's fields are the same amounts in SOL.
  expect(data.totalRentEstimate).toBe(data.totalRentEstimateLamports / LAMPORTS_PER_SOL);
  expect(data.breakdown.vacantRent).toBe(e.vacantRent / LAMPORTS_PER_SOL);
  for (const v of [data.totalRentEstimateLamports, data.breakdown.nftRentLamports, data.rentPerAccountLamports])
    expect(Number.isSafeInteger(v)).toBe(true);
}

describe('GET /api/rent-estimate/:wallet', () => {
  it('demo wallet: figures are the sums of the accounts’ lamports on chain', async () => {
    const { owner, manifest } = await h.fund('demo');
    // 4 SPL + 2 Token-2022 empties and the frozen empty one are closable; wrapped SOL is not vacant rent.
    expect(manifest.emptyAccounts).toHaveLength(6);
    expect(manifest.frozenAccounts).toHaveLength(1);
    const { status, body } = await h.read(`rent-estimate/${owner.publicKey.toBase58()}?useAccurateCalculator=true`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const e = await expectedFromChain(manifest);
    expectFigures(body.data, e);
    // Per kind, from the chain: full NFT burn = token + metadata + master edition = 10,509,600 at 6960 lamports/byte;
    // a pNFT adds its 80-byte token record (1,447,680).
    const nft = manifest.nfts[0];
    expect(sum(await h.lamportsOf([nft.tokenAccount, nft.metadata, nft.edition]))).toBe(10_509_600);
    expect(sum(await h.lamportsOf([manifest.kinds.pnfts[0].tokenRecord]))).toBe(1_447_680);
    expect(e.nfts).toBe(6 + 6);
    // The local indexer (DAS) listed the Core assets: the lookup answered (docs/UPSTREAM.md, "Core assets").
    expect(body.data.coreAssetsScan).toBe('ok');
    const coreListed = manifest.kinds.coreAssets.filter((c: any) => c.asset in body.data.nftRentsLamports);
    expect(coreListed.length).toBeGreaterThan(0);
    console.log('demo estimate (lamports):', JSON.stringify({ total: body.data.totalRentEstimateLamports, ...e }));
  });

  it('large wallet: 300 NFTs, 1,000 tokens, 200 vacant accounts, exact sums', async () => {
    const { owner, manifest } = await h.fund('large');
    const { status, body } = await h.read(`rent-estimate/${owner.publicKey.toBase58()}?useAccurateCalculator=true`);
    expect(status).toBe(200);
    const e = await expectedFromChain(manifest);
    expect(e.vacant).toBe(200);
    expect(e.tokens).toBe(1000);
    expectFigures(body.data, e);
    console.log('large estimate (lamports):', JSON.stringify({ total: body.data.totalRentEstimateLamports, ...e }));
  }, 600_000);

  it('answers 404 for an address with nothing on chain and 400 for a bad address', async () => {
    const nobody = await h.read(`rent-estimate/${Keypair.generate().publicKey.toBase58()}?useAccurateCalculator=true`);
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ success: false, error: 'Wallet address not found' });
    const bad = await h.read('rent-estimate/not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.error).toMatch(/wallet/);
  });
});
