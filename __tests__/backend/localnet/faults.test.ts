import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { until } from '../../support/until';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

describe('faults', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  const payer = Keypair.generate();
  const to = Keypair.generate().publicKey;
  const transfer = (blockhash: string, lamports = 1_000_000) => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }),
    );
    tx.sign(payer);
    return tx.serialize();
  };
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0, sendTimeoutMs: 300 });
    rpc = await startRpcServer(localnet);
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });
  afterEach(() => localnet.faults.reset());

  it('expireBlockhash: the stale transaction is refused, re-signed it lands once, a duplicate is refused', async () => {
    const stale = await rpc.connection.getLatestBlockhash();
    const raw = transfer(stale.blockhash);
    localnet.faults.expireBlockhash();
    await expect(rpc.connection.sendRawTransaction(raw)).rejects.toThrow(/Blockhash not found/);
    expect((await rpc.connection.isBlockhashValid(stale.blockhash)).value).toBe(false);
    expect(await rpc.connection.getBlockHeight()).toBeGreaterThan(stale.lastValidBlockHeight);

    const fresh = await rpc.connection.getLatestBlockhash();
    expect(fresh.blockhash).not.toBe(stale.blockhash);
    const again = transfer(fresh.blockhash);
    const signature = await rpc.connection.sendRawTransaction(again);
    expect((await rpc.connection.confirmTransaction({ signature, ...fresh })).value.err).toBeNull();
    await expect(rpc.connection.sendRawTransaction(again)).rejects.toThrow(/already been processed/);
    await expect(rpc.connection.sendRawTransaction(again, { skipPreflight: true })).resolves.toBe(signature);
    expect(await rpc.connection.getBalance(to)).toBe(1_000_000);
  });

  it('failNextSends(1, "429") answers HTTP 429 once', async () => {
    localnet.faults.failNextSends(1, '429');
    const { blockhash } = await rpc.connection.getLatestBlockhash();
    const raw = transfer(blockhash, 2_000_000);
    await expect(rpc.connection.sendRawTransaction(raw)).rejects.toThrow(/429/);
    const sig = await rpc.connection.sendRawTransaction(raw);
    expect(typeof sig).toBe('string');
  });

  it('failNextSends(1, "timeout") holds the send and does not process it', async () => {
    localnet.faults.failNextSends(1, 'timeout');
    const { blockhash } = await rpc.connection.getLatestBlockhash();
    const raw = transfer(blockhash, 3_000_000);
    const t0 = Date.now();
    await expect(rpc.connection.sendRawTransaction(raw)).rejects.toThrow(/timed out/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(await rpc.connection.getBalance(to)).toBe(3_000_000);
  });

  it('delayConfirmations hides the status until the delay has passed', async () => {
    localnet.faults.delayConfirmations(400);
    const bh = await rpc.connection.getLatestBlockhash();
    const signature = await rpc.connection.sendRawTransaction(transfer(bh.blockhash, 4_000_000));
    expect((await rpc.connection.getSignatureStatus(signature)).value).toBeNull();
    // Polled, not web3's confirmTransaction: with slots standing still (slotMs 0) its block-height expiry never
    // comes, so a status change it does not hear of over the websocket held it until the test's time-out.
    const t0 = Date.now();
    const status = await until(async () => (await rpc.connection.getSignatureStatus(signature)).value, 10_000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    expect(status.err).toBeNull();
  });

  it('onNextSend runs a one-shot hook before the next send', async () => {
    let seen = 0;
    localnet.faults.onNextSend(() => {
      seen++;
    });
    const { blockhash } = await rpc.connection.getLatestBlockhash();
    await rpc.connection.sendRawTransaction(transfer(blockhash, 5_000_000));
    await rpc.connection.sendRawTransaction(transfer(blockhash, 6_000_000));
    expect(seen).toBe(1);
  });
});
