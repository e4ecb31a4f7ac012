import {
  createAssociatedTokenAccount,
  createCloseAccountInstruction,
  createMint,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { pollSignatures } from '../../backend/services/rpc/connection';
import { sendAndConfirm } from '../../backend/services/rpc/send';
import { startServer, type TestServer } from './helpers';

describe('/api/rpc with a stock web3.js Connection', () => {
  let s: TestServer;
  let connection: Connection;
  const owner = Keypair.generate();
  let manifest: any;

  beforeAll(async () => {
    s = await startServer();
    connection = new Connection(`${s.url}/api/rpc`, {
      commitment: 'confirmed',
      wsEndpoint: `${s.url.replace('http', 'ws')}/api/rpc`,
    });
    const r = await s.post('/api/localnet/fund', { owner: owner.publicKey.toBase58() });
    expect(r.status).toBe(200);
    manifest = r.json.manifest;
  });
  afterAll(async () => {
    // web3.js keeps its websocket open until told otherwise
    (connection as any)._rpcWebSocket?.close();
    await s.close();
  });

  it('funds the owner with SOL', async () => {
    expect(manifest.owner).toBe(owner.publicKey.toBase58());
    expect(await connection.getBalance(owner.publicKey)).toBe(manifest.lamports);
  });

  it('answers batches, including DAS methods', async () => {
    const r = await s.post('/api/rpc', [
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'getAssetsByOwner',
        params: { ownerAddress: owner.publicKey.toBase58(), page: 1, limit: 10 },
      },
    ]);
    expect(r.status).toBe(200);
    expect(r.json.map((x: any) => x.id)).toEqual([1, 2]);
    expect(typeof r.json[0].result).toBe('number');
    expect(Array.isArray(r.json[1].result.items)).toBe(true);
  });

  it('closes an empty account (signed by the owner): balance rises by its lamports minus the fee', async () => {
    const funded = manifest.emptyAccounts.find((a: any) => a.program === TOKEN_PROGRAM_ID.toBase58() && !a.withheld);
    expect(funded).toBeDefined();
    const empty = new PublicKey(funded.account);
    const rent = (await connection.getAccountInfo(empty))!.lamports;
    const before = await connection.getBalance(owner.publicKey);

    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: owner.publicKey, blockhash, lastValidBlockHeight }).add(
      createCloseAccountInstruction(empty, owner.publicKey, owner.publicKey),
    );
    tx.sign(owner);
    const fee = (await connection.getFeeForMessage(tx.compileMessage())).value!;
    const sig = await connection.sendRawTransaction(tx.serialize());
    const res = await connection.confirmTransaction({ signature: sig, blockhash, lastValidBlockHeight }, 'confirmed');
    expect(res.value.err).toBeNull();

    expect(await connection.getAccountInfo(empty)).toBeNull();
    expect(await connection.getBalance(owner.publicKey)).toBe(before + rent - fee);
    expect(rent).toBe(funded.lamports);
  });

  it('lets server code use the same chain through SolbackApp.connection, confirming by polling', async () => {
    const { connection: serverConn, rpc } = s.solback;
    expect(await serverConn.getBalance(owner.publicKey)).toBe(await connection.getBalance(owner.publicKey));
    const payer = Keypair.generate();
    await s.post('/api/localnet/fund', { owner: payer.publicKey.toBase58() });
    // spl-token helpers call sendAndConfirmTransaction → confirmTransaction, which polls on the server.
    const mint = await createMint(serverConn, payer, payer.publicKey, null, 0);
    const account = await createAssociatedTokenAccount(serverConn, payer, mint, payer.publicKey);
    const { blockhash } = await serverConn.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      createCloseAccountInstruction(account, payer.publicKey, payer.publicKey),
    );
    tx.sign(payer);
    const sig = await serverConn.sendRawTransaction(tx.serialize());
    expect(await pollSignatures(rpc, [sig], { timeoutMs: 10_000 })).toEqual([
      { status: 'confirmed', slot: expect.any(Number) },
    ]);
    expect(await serverConn.getAccountInfo(account)).toBeNull();

    // One read serves several signatures: the landed one is confirmed; one the chain never saw has expired once the
    // block height is past its limit, or is still unknown when the time is up.
    const unknown = bs58.encode(Keypair.generate().secretKey); // 64 bytes, a signature nobody made
    const height = await serverConn.getBlockHeight('confirmed');
    expect(await pollSignatures(rpc, [sig, unknown], { lastValidBlockHeight: height - 1 })).toEqual([
      { status: 'confirmed', slot: expect.any(Number) },
      { status: 'expired' },
    ]);
    expect(await pollSignatures(rpc, [unknown], { timeoutMs: 500, intervalMs: 100 })).toEqual([{ status: 'timeout' }]);
    // A transaction that failed on chain ends with its error at once (sent without preflight: a transfer of more
    // than the payer holds).
    const tooMuch = new Transaction({ feePayer: payer.publicKey, ...(await serverConn.getLatestBlockhash()) }).add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: (await serverConn.getBalance(payer.publicKey)) * 2,
      }),
    );
    tooMuch.sign(payer);
    const failed = await serverConn.sendRawTransaction(tooMuch.serialize(), { skipPreflight: true });
    expect(await pollSignatures(rpc, [failed], { timeoutMs: 10_000 })).toEqual([
      { status: 'failed', err: expect.anything(), slot: expect.any(Number) },
    ]);
  });

  it('sends in order until the node refuses one, waits for those sent, and never sends the rest', async () => {
    const { connection: serverConn, rpc } = s.solback;
    const payer = Keypair.generate();
    await s.post('/api/localnet/fund', { owner: payer.publicKey.toBase58() });
    const [first, refused, never] = [Keypair.generate(), Keypair.generate(), Keypair.generate()].map(
      (k) => k.publicKey,
    );
    const balance = await serverConn.getBalance(payer.publicKey);
    const transfer = async (to: PublicKey, lamports: number) => {
      const tx = new Transaction({ feePayer: payer.publicKey, ...(await serverConn.getLatestBlockhash()) }).add(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }),
      );
      tx.sign(payer);
      return tx.serialize();
    };
    // The second moves more than the payer holds: the node's preflight refuses it, so nothing of it runs.
    const raws = [
      await transfer(first, 1_000_000),
      await transfer(refused, balance * 2),
      await transfer(never, 2_000_000),
    ];
    const outcomes = await sendAndConfirm(rpc, raws, { timeoutMs: 10_000 });
    expect(outcomes.map((o) => o.status)).toEqual(['confirmed', 'refused']);
    expect(outcomes.map((o) => o.signature)).toEqual(raws.slice(0, 2).map((raw) => bs58.encode(raw.subarray(1, 65))));
    expect(await Promise.all([first, refused, never].map((to) => serverConn.getBalance(to)))).toEqual([
      1_000_000, 0, 0,
    ]);
    expect(await serverConn.getBalance(payer.publicKey)).toBe(balance - 1_000_000 - 5_000);
  });

  it('maps a rate-limit fault to HTTP 429 once the backoff gives up', async () => {
    expect((await s.post('/api/localnet/faults', { failNextSends: { n: 5, kind: '429' } })).json.success).toBe(true);
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(
      createCloseAccountInstruction(Keypair.generate().publicKey, owner.publicKey, owner.publicKey),
    );
    tx.sign(owner);
    const r = await s.post('/api/rpc', {
      jsonrpc: '2.0',
      id: 7,
      method: 'sendTransaction',
      params: [tx.serialize().toString('base64'), { encoding: 'base64' }],
    });
    expect(r.status).toBe(429);
    expect(r.json.error.code).toBe(429);
  });
});
