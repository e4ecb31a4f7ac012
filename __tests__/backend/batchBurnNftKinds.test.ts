// PRODUCT difference 12: POST /api/batch-burn-nft plans a full burn of every kind the demo wallet holds — pNFTs (token record),
// a print edition (master + marker), a Token-2022 NFT and Metaplex Core assets (no token account) — in the fewest
// transactions, and what it reports equals, to the lamport, what the chain pays the owner.
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { SolbackApp } from '../../backend/app';
import type { KindsManifest } from '../../backend/localnet/metaplex';
import { serviceFee } from '../../src/chain/fees';
import { checkTransactions } from '../../src/chain/guard';
import { readNftBurns } from '../../src/chain/nftBurnPlan';
import { networkFee } from '../support/networkFee';
import { type LocalChainServer, startLocalChainServer } from './localChainServer';

let server: LocalChainServer;
let solback: SolbackApp;
let connection: Connection;
const post = (route: string, body: unknown) => server.api(route, body);

beforeAll(async () => {
  server = await startLocalChainServer();
  ({ solback, connection } = server);
  await post('localnet/fund', { owner: solback.config.feeWallet });
});
afterAll(async () => {
  await server?.close();
});

async function fundedKinds(): Promise<{ owner: Keypair; kinds: KindsManifest }> {
  const owner = Keypair.generate();
  const { status, body } = await post('localnet/fund', { owner: owner.publicKey.toBase58() });
  expect(status).toBe(200);
  return { owner, kinds: body.manifest.kinds as KindsManifest };
}

const balances = async (addresses: string[]) =>
  (
    await connection.getMultipleAccountsInfo(
      addresses.map((a) => new PublicKey(a)),
      'confirmed',
    )
  ).map((a) => a?.lamports ?? 0);
const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test('every kind in one request: full burns, exact figures, transactions the guard accepts, owner paid exactly', async () => {
  const { owner, kinds } = await fundedKinds();
  const o = owner.publicKey.toBase58();
  const items: { mint: string; tokenAccount?: string; name: string }[] = [
    ...kinds.pnfts.map((n) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name })),
    ...kinds.printEditions.map((n) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name })),
    ...kinds.token2022Nfts.map((n) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name })),
    ...kinds.coreAssets.map((c) => ({ mint: c.asset, name: c.name })),
  ];
  // Accounts each burn drains (read before): pNFT 4, print 3 (its marker stays: the master is someone else's),
  // Token-2022 3, Core: what the asset holds above a one-byte account.
  const drained = [
    ...kinds.pnfts.flatMap((n) => [n.tokenAccount, n.metadata, n.edition, n.tokenRecord!]),
    ...[...kinds.printEditions, ...kinds.token2022Nfts].flatMap((n) => [n.tokenAccount, n.metadata, n.edition]),
  ];
  const coreIds = kinds.coreAssets.map((c) => c.asset);
  const oneByte = await connection.getMinimumBalanceForRentExemption(1);
  const touched = [...drained, ...coreIds];
  const [ownerBefore, feeBefore] = await balances([o, solback.config.feeWallet]);
  const touchedBefore = await balances(touched);

  const { status, body } = await post('batch-burn-nft', { owner: o, nfts: items });
  expect(status).toBe(200);
  expect(body.skipped).toEqual([]);
  expect(body.processedNFTs.map((n: { kind: string }) => n.kind).sort()).toEqual([
    'core',
    'core',
    'pnft',
    'pnft',
    'print',
    'token2022Nft',
  ]);
  expect(body.processedNFTs.every((n: { full: boolean }) => n.full)).toBe(true);
  // What the burns will drain (checked against the chain below): all of token accounts, editions and token records;
  // a metadata account and a Core asset give their rent minimum at today's rent, any surplus above it stays behind.
  const expected = body.totalRentRecovered as number;

  // The page's own reading agrees, and its guard accepts exactly these transactions.
  const own = await readNftBurns(connection, o, items);
  expect(total(own.planned.map((p) => p.rentLamports))).toBe(expected);
  const txs = (body.transactions as string[]).map((b64) => Transaction.from(Buffer.from(b64, 'base64')));
  expect(
    checkTransactions(txs, {
      owner: o,
      kind: 'burnNfts',
      feeWallet: solback.config.feeWallet,
      maxFeeLamports: serviceFee(expected),
      allowedAccounts: [...items.flatMap((i) => [i.mint, ...(i.tokenAccount ? [i.tokenAccount] : [])])],
    }),
  ).toEqual({ ok: true });
  // …and refuses the same transactions when one of the assets was not selected.
  expect(
    checkTransactions(txs, {
      owner: o,
      kind: 'burnNfts',
      feeWallet: solback.config.feeWallet,
      maxFeeLamports: serviceFee(expected),
      allowedAccounts: items.slice(1).flatMap((i) => [i.mint, ...(i.tokenAccount ? [i.tokenAccount] : [])]),
    }).ok,
  ).toBe(false);

  let fees = 0;
  for (const tx of txs) {
    tx.partialSign(owner);
    const sig = await connection.sendRawTransaction(tx.serialize());
    await connection.confirmTransaction(sig, 'confirmed');
    fees += networkFee(tx);
  }
  const [ownerAfter, feeAfter] = await balances([o, solback.config.feeWallet]);
  expect(feeAfter - feeBefore).toBe(body.totalFee);
  expect(txs).toHaveLength(2); // six burns of four kinds, packed by measured size
  // Each transaction carries exactly 1 % (floored) of the rent its own burns return.
  const rentOf = new Map<string, number>(
    body.processedNFTs.map((n: { mint: string; rentLamports: number }) => [n.mint, n.rentLamports]),
  );
  const burnedIn = (tx: Transaction) =>
    tx.instructions.flatMap((ix) => {
      const p = ix.programId.toBase58();
      return p === 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s'
        ? [ix.keys[4].pubkey.toBase58()]
        : p === 'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d'
          ? [ix.keys[0].pubkey.toBase58()]
          : [];
    });
  expect(body.totalFee).toBe(total(txs.map((tx) => serviceFee(total(burnedIn(tx).map((m) => rentOf.get(m)!))))));
  expect(txs.flatMap(burnedIn).sort()).toEqual(items.map((i) => i.mint).sort());
  expect(ownerAfter - ownerBefore).toBe(expected - body.totalFee - fees);
  const touchedAfter = await balances(touched);
  expect(total(touchedBefore) - total(touchedAfter)).toBe(expected); // drained, read from the chain
  const metadata = new Set([...kinds.pnfts, ...kinds.printEditions, ...kinds.token2022Nfts].map((n) => n.metadata));
  drained.forEach((a, i) => {
    if (!metadata.has(a)) expect(touchedAfter[i]).toBe(0);
  });
  expect(touchedAfter.slice(drained.length).every((l) => l >= oneByte)).toBe(true); // a burned Core asset keeps ≥ a one-byte account
  // The wallet's listing no longer holds any of them.
  const listed = await post('rpc', { jsonrpc: '2.0', id: 1, method: 'getAssetsByOwner', params: { ownerAddress: o } });
  const ids = listed.body.result.items.map((i: { id: string }) => i.id);
  for (const i of items) expect(ids).not.toContain(i.mint);
});

test("someone else's Core asset is skipped with the reason", async () => {
  const { owner, kinds } = await fundedKinds();
  const other = await fundedKinds();
  const o = owner.publicKey.toBase58();
  const { status, body } = await post('batch-burn-nft', {
    owner: o,
    nfts: [
      { mint: kinds.coreAssets[0].asset, name: 'mine' },
      { mint: other.kinds.coreAssets[0].asset, name: 'theirs' },
    ],
  });
  expect(status).toBe(200);
  expect(body.processedNFTs.map((n: { mint: string }) => n.mint)).toEqual([kinds.coreAssets[0].asset]);
  expect(body.skipped).toEqual([{ mint: other.kinds.coreAssets[0].asset, reason: 'asset not owned by this wallet' }]);
});
