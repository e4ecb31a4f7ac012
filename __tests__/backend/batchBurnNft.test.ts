// POST /api/batch-burn-nft over HTTP on the local chain: full Metaplex burns of demo NFTs, the 1 % fee, and figures
// that equal the on-chain lamport changes exactly.
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { SolbackApp } from '../../backend/app';
import { TOKEN_METADATA_PROGRAM } from '../../src/common/addresses';
import { MAX_NFTS_PER_BURN_REQUEST, TRANSACTION_SIZE_LIMIT_BYTES } from '../../src/common/constants';
import { serviceFee } from '../../src/chain/fees';
import { checkTransactions } from '../../src/chain/guard';
import { networkFee } from '../support/networkFee';
import { startServer } from './helpers';
import { type LocalChainServer, startLocalChainServer } from './localChainServer';

interface FundedNft {
  mint: string;
  tokenAccount: string;
  metadata: string;
  edition: string;
  name: string;
}

let server: LocalChainServer;
let solback: SolbackApp;
let connection: Connection;
const post = (route: string, body: unknown) => server.api(route, body);

beforeAll(async () => {
  // Runs at the legacy rent (6960 lamports/byte), the rate the NFTs were made at: a full burn then returns every deposit.
  // Under today's lower rate Token Metadata keeps a metadata account's surplus; batchBurnNftKinds.test.ts covers that.
  server = await startLocalChainServer({ localnetLamportsPerByte: 6960 });
  ({ solback, connection } = server);
  // On a real cluster the fee wallet exists; a fresh local chain has to fund it (else the fee below its rent minimum is waived).
  await post('localnet/fund', { owner: solback.config.feeWallet });
});
afterAll(async () => {
  await server?.close();
});

async function fundedOwner(): Promise<{ owner: Keypair; nfts: FundedNft[] }> {
  const owner = Keypair.generate();
  const { status, body } = await post('localnet/fund', { owner: owner.publicKey.toBase58() });
  expect(status).toBe(200);
  return { owner, nfts: body.manifest.nfts as FundedNft[] };
}

const lamportsOf = async (addresses: string[]) =>
  (await connection.getMultipleAccountsInfo(addresses.map((a) => new PublicKey(a)))).map((a) => a?.lamports ?? 0);

describe('POST /api/batch-burn-nft', () => {
  it('burns 3 NFTs fully: owner gets token+metadata+edition lamports minus fees and 1 %; FEE_WALLET gets the 1 %', async () => {
    const { owner, nfts } = await fundedOwner();
    const chosen = nfts.slice(0, 3);
    expect(chosen).toHaveLength(3);
    const ownerAddress = owner.publicKey.toBase58();
    const feeWallet = solback.config.feeWallet;
    const accounts = chosen.flatMap((n) => [n.tokenAccount, n.metadata, n.edition]);
    const rent = (await lamportsOf(accounts)).reduce((a, b) => a + b, 0);
    expect(rent).toBeGreaterThan(3 * 10_000_000); // full burns, not just token accounts
    const [ownerBefore, feeBefore] = await Promise.all([
      connection.getBalance(owner.publicKey),
      connection.getBalance(new PublicKey(feeWallet)),
    ]);

    const { status, body } = await post('batch-burn-nft', {
      owner: ownerAddress,
      nfts: chosen.map(({ mint, tokenAccount, name }) => ({ mint, tokenAccount, name })),
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.totalRentRecovered).toBe(rent);
    expect(body.totalFee).toBe(serviceFee(rent));
    expect(Number.isInteger(body.totalFee)).toBe(true);
    expect(body.processedNFTs.map((n: { mint: string }) => n.mint)).toEqual(chosen.map((n) => n.mint));
    expect(body.transactions).toHaveLength(1);
    expect(body.transaction).toBe(body.transactions[0]);
    expect(body.maxBatchSize).toBeGreaterThanOrEqual(3);

    const txs = (body.transactions as string[]).map((b64) => Transaction.from(Buffer.from(b64, 'base64')));
    // What the browser's guard will check: only these NFTs, fee ≤ 1 % of the rent read from the chain, to FEE_WALLET.
    const guard = checkTransactions(txs, {
      owner: ownerAddress,
      kind: 'burnNfts',
      feeWallet,
      maxFeeLamports: serviceFee(rent),
      allowedAccounts: chosen.flatMap((n) => [n.mint, n.tokenAccount]),
    });
    expect(guard).toEqual({ ok: true });
    expect(txs[0].instructions.some((ix) => ix.programId.toBase58() === TOKEN_METADATA_PROGRAM)).toBe(true);

    let fees = 0;
    for (const tx of txs) {
      tx.sign(owner);
      fees += networkFee(tx);
      const signature = await connection.sendRawTransaction(tx.serialize());
      const { value } = await connection.confirmTransaction(
        {
          signature,
          blockhash: tx.recentBlockhash!,
          lastValidBlockHeight: (await connection.getLatestBlockhash()).lastValidBlockHeight,
        },
        'confirmed',
      );
      expect(value.err).toBeNull();
    }

    const [ownerAfter, feeAfter] = await Promise.all([
      connection.getBalance(owner.publicKey),
      connection.getBalance(new PublicKey(feeWallet)),
    ]);
    expect(ownerAfter - ownerBefore).toBe(rent - fees - serviceFee(rent));
    expect(feeAfter - feeBefore).toBe(serviceFee(rent));
    expect(feeAfter - feeBefore).toBe(body.totalFee);
    expect(await lamportsOf(accounts)).toEqual(accounts.map(() => 0));
  });

  it('packs 7 NFTs into as few transactions as fit (each ≤ 1232 bytes, its own 1 %), and every figure holds on chain', async () => {
    const { owner, nfts } = await fundedOwner();
    const more = (await post('localnet/fund', { owner: owner.publicKey.toBase58() })).body.manifest.nfts as FundedNft[];
    const chosen = [...nfts, ...more].filter((n) => !/Collection/.test(n.name)).slice(0, 7);
    expect(chosen).toHaveLength(7);
    const feeWallet = new PublicKey(solback.config.feeWallet);
    const accounts = chosen.flatMap((n) => [n.tokenAccount, n.metadata, n.edition]);
    const rent = (await lamportsOf(accounts)).reduce((a, b) => a + b, 0);
    const { status, body } = await post('batch-burn-nft', {
      owner: owner.publicKey.toBase58(),
      nfts: chosen.map(({ mint, tokenAccount, name }) => ({ mint, tokenAccount, name })),
    });
    expect(status).toBe(200);
    expect(body.transactions).toHaveLength(Math.ceil(7 / body.maxBatchSize));
    expect(body.transactions.length).toBeGreaterThan(1);
    expect(body.totalRentRecovered).toBe(rent);
    expect(body.totalFee).toBeLessThanOrEqual(serviceFee(rent));
    const [ownerBefore, feeBefore] = [
      await connection.getBalance(owner.publicKey),
      await connection.getBalance(feeWallet),
    ];
    let fees = 0;
    for (const b64 of body.transactions as string[]) {
      expect(Buffer.from(b64, 'base64').length).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES);
      const tx = Transaction.from(Buffer.from(b64, 'base64'));
      tx.sign(owner);
      fees += networkFee(tx);
      const signature = await connection.sendRawTransaction(tx.serialize());
      const { lastValidBlockHeight } = await connection.getLatestBlockhash();
      expect(
        (
          await connection.confirmTransaction(
            { signature, blockhash: tx.recentBlockhash!, lastValidBlockHeight },
            'confirmed',
          )
        ).value.err,
      ).toBeNull();
    }
    expect((await connection.getBalance(owner.publicKey)) - ownerBefore).toBe(rent - fees - body.totalFee);
    expect((await connection.getBalance(feeWallet)) - feeBefore).toBe(body.totalFee);
  });

  it("burns 20 NFTs from one request (over the spec's 10): several transactions ≤ 1232 bytes, exact lamports on chain", async () => {
    const owner = Keypair.generate();
    const ownerAddress = owner.publicKey.toBase58();
    const funded: FundedNft[] = [];
    for (let i = 0; i < 4; i++)
      funded.push(...((await post('localnet/fund', { owner: ownerAddress })).body.manifest.nfts as FundedNft[]));
    const chosen = funded.filter((n) => !/Collection/.test(n.name)).slice(0, 20);
    expect(chosen).toHaveLength(20);
    const feeWallet = new PublicKey(solback.config.feeWallet);
    const accounts = chosen.flatMap((n) => [n.tokenAccount, n.metadata, n.edition]);
    const lamports = await lamportsOf(accounts);
    const rentOf = new Map(chosen.map((n, i) => [n.mint, lamports[3 * i] + lamports[3 * i + 1] + lamports[3 * i + 2]]));
    const rent = lamports.reduce((a, b) => a + b, 0);
    expect(rent).toBeGreaterThan(20 * 10_000_000);
    const { status, body } = await post('batch-burn-nft', {
      owner: ownerAddress,
      nfts: chosen.map(({ mint, tokenAccount, name }) => ({ mint, tokenAccount, name })),
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.processedNFTs.map((n: { mint: string }) => n.mint)).toEqual(chosen.map((n) => n.mint));
    expect(body.skipped).toEqual([]);
    expect(body.totalRentRecovered).toBe(rent);
    expect(body.transactions).toHaveLength(Math.ceil(20 / body.maxBatchSize));
    expect(body.transactions.length).toBeGreaterThan(1);
    const txs = (body.transactions as string[]).map((b64) => {
      expect(Buffer.from(b64, 'base64').length).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES);
      return Transaction.from(Buffer.from(b64, 'base64'));
    });
    // Every NFT burned exactly once (burnV1's mint is account 4); each transaction pays 1 % of its own NFTs' rent.
    const burnedIn = txs.map((tx) =>
      tx.instructions
        .filter((ix) => ix.programId.toBase58() === TOKEN_METADATA_PROGRAM)
        .map((ix) => ix.keys[4].pubkey.toBase58()),
    );
    expect(burnedIn.flat().sort()).toEqual(chosen.map((n) => n.mint).sort());
    const expectedFee = burnedIn.reduce(
      (sum, mints) => sum + serviceFee(mints.reduce((r, m) => r + rentOf.get(m)!, 0)),
      0,
    );
    expect(body.totalFee).toBe(expectedFee);
    expect(expectedFee).toBeLessThanOrEqual(serviceFee(rent));
    expect(
      checkTransactions(txs, {
        owner: ownerAddress,
        kind: 'burnNfts',
        feeWallet: feeWallet.toBase58(),
        maxFeeLamports: serviceFee(rent),
        allowedAccounts: chosen.flatMap((n) => [n.mint, n.tokenAccount]),
      }),
    ).toEqual({ ok: true });

    const [ownerBefore, feeBefore] = [
      await connection.getBalance(owner.publicKey),
      await connection.getBalance(feeWallet),
    ];
    let fees = 0;
    for (const tx of txs) {
      tx.sign(owner);
      fees += networkFee(tx);
      const signature = await connection.sendRawTransaction(tx.serialize());
      const { lastValidBlockHeight } = await connection.getLatestBlockhash();
      expect(
        (
          await connection.confirmTransaction(
            { signature, blockhash: tx.recentBlockhash!, lastValidBlockHeight },
            'confirmed',
          )
        ).value.err,
      ).toBeNull();
    }
    expect((await connection.getBalance(owner.publicKey)) - ownerBefore).toBe(rent - fees - expectedFee);
    expect((await connection.getBalance(feeWallet)) - feeBefore).toBe(expectedFee);
    expect(await lamportsOf(accounts)).toEqual(accounts.map(() => 0));
  }, 60_000);

  it('waives a fee the fee wallet could not receive (it does not exist and the fee is below its rent minimum)', async () => {
    const missingFeeWallet = Keypair.generate().publicKey.toBase58();
    const alone = await startServer({ FEE_WALLET: missingFeeWallet }, { withIndex: false });
    alone.solback.localnet!.chain.setAccount(missingFeeWallet, { lamports: 0 }); // the local chain opens it at start; a cluster may not have it
    try {
      const other = alone.url;
      const owner = Keypair.generate();
      const funded = await fetch(`${other}/api/localnet/fund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ owner: owner.publicKey.toBase58() }),
      });
      const nft = (await funded.json()).manifest.nfts[0] as FundedNft;
      const res = await fetch(`${other}/api/batch-burn-nft`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          owner: owner.publicKey.toBase58(),
          nfts: [{ mint: nft.mint, tokenAccount: nft.tokenAccount, name: nft.name }],
        }),
      });
      const body = await res.json();
      expect(body.success).toBe(true);
      expect(body.totalFee).toBe(0);
    } finally {
      await alone.close();
    }
  });

  it('skips NFTs the owner does not hold and refuses when none is left', async () => {
    const { nfts } = await fundedOwner();
    const stranger = Keypair.generate().publicKey.toBase58();
    const { status, body } = await post('batch-burn-nft', {
      owner: stranger,
      nfts: nfts.slice(0, 2).map(({ mint, tokenAccount, name }) => ({ mint, tokenAccount, name })),
    });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'No valid NFTs found to burn' });
  });

  it('validates the body', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const nft = { mint: owner, tokenAccount: owner, name: 'x' };
    expect((await post('batch-burn-nft', { owner, nfts: [] })).body).toEqual({
      success: false,
      error: 'No valid NFTs found to burn',
    });
    // Up to MAX_NFTS_PER_BURN_REQUEST pass the cap (these are not the owner's, so: none valid); one more is refused
    // with maxBatchSize, for the page's '{error} Please select {n} or fewer NFTs.'.
    expect(MAX_NFTS_PER_BURN_REQUEST).toBe(50);
    const atCap = await post('batch-burn-nft', {
      owner,
      nfts: Array.from({ length: MAX_NFTS_PER_BURN_REQUEST }, () => nft),
    });
    expect(atCap.body).toEqual({ success: false, error: 'No valid NFTs found to burn' });
    for (const length of [MAX_NFTS_PER_BURN_REQUEST + 1, 500]) {
      const tooMany = await post('batch-burn-nft', { owner, nfts: Array.from({ length }, () => nft) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({
        success: false,
        error: `Too many NFTs in one batch (${length}).`,
        maxBatchSize: MAX_NFTS_PER_BURN_REQUEST,
      });
    }
    const bad = await post('batch-burn-nft', { owner: 'not-an-address', nfts: [nft] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/owner/);
    const extra = await post('batch-burn-nft', { owner, nfts: [nft], privateKey: 'x' });
    expect(extra.status).toBe(400);
  });
});
