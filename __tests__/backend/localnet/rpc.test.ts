import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = { delegate: Keypair.generate().publicKey.toBase58(), trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58() };

describe('local chain JSON-RPC with a stock Connection', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets });
    rpc = await startRpcServer(localnet);
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  it('airdrops and confirms a transfer through signatureSubscribe', async () => {
    const payer = Keypair.generate();
    const to = Keypair.generate().publicKey;
    const sig = await rpc.connection.requestAirdrop(payer.publicKey, LAMPORTS_PER_SOL);
    const bh = await rpc.connection.getLatestBlockhash();
    await rpc.connection.confirmTransaction({ signature: sig, ...bh });
    expect(await rpc.connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL);
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 10_000_000 }));
    const s = await sendAndConfirmTransaction(rpc.connection, tx, [payer]);
    expect(typeof s).toBe('string');
    expect(await rpc.connection.getBalance(to)).toBe(10_000_000);
    expect(await rpc.connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - 10_000_000 - 5000);
    const t = await rpc.connection.getTransaction(s, { maxSupportedTransactionVersion: 0 });
    expect(t?.meta?.fee).toBe(5000);
    expect(t?.meta?.err).toBeNull();
  });

  it('answers -32601 for an unknown method and -32602 for bad params, batches included', async () => {
    const out = (await localnet.handleRpc([
      { jsonrpc: '2.0', id: 1, method: 'nope' },
      { jsonrpc: '2.0', id: 2, method: 'getBalance', params: ['not-an-address'] },
      { jsonrpc: '2.0', id: 3, method: 'sendTransaction', params: ['AAAA', { encoding: 'base64' }] },
      { jsonrpc: '2.0', id: 4, method: 'getSlot' },
    ])) as { id: number; error?: { code: number }; result?: unknown }[];
    expect(out.map((r) => r.error?.code ?? 'ok')).toEqual([-32601, -32602, -32602, 'ok']);
  });
});
