import bs58 from 'bs58';
import {
  AddressLookupTableProgram,
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
  type ParsedAccountData,
} from '@solana/web3.js';
import { TOKEN_PROGRAM } from '../../../src/common/addresses';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { startRpcServer, type RpcServer } from './rpcServer';
import { until } from '../../support/until';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

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
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 10_000_000 }),
    );
    const s = await sendAndConfirmTransaction(rpc.connection, tx, [payer]);
    expect(typeof s).toBe('string');
    expect(await rpc.connection.getBalance(to)).toBe(10_000_000);
    expect(await rpc.connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - 10_000_000 - 5000);
    const t = await rpc.connection.getTransaction(s, { maxSupportedTransactionVersion: 0 });
    expect(t?.meta?.fee).toBe(5000);
    expect(t?.meta?.err).toBeNull();
    const history = await rpc.connection.getSignaturesForAddress(to);
    expect(history.map((h) => h.signature)).toEqual([s]);
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

  it('notifies accountSubscribe and slotSubscribe subscribers', async () => {
    const payer = Keypair.generate();
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const to = Keypair.generate().publicKey;
    const changed = new Promise<number>((resolve) => {
      const id = rpc.connection.onAccountChange(to, (acc) => {
        void rpc.connection.removeAccountChangeListener(id);
        resolve(acc.lamports);
      });
    });
    const slots: number[] = [];
    const slotSub = rpc.connection.onSlotChange((s) => slots.push(s.slot));
    // A slot notification means both subscriptions reached the server: the socket carries them in order.
    await until(() => slots.length > 0, 20_000, 'a slot notification');
    const slotsBefore = slots.length;
    await sendAndConfirmTransaction(
      rpc.connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 3_000_000 })),
      [payer],
    );
    expect(await changed).toBe(3_000_000);
    await until(() => slots.length > slotsBefore, 20_000, 'a slot notification after the transfer');
    await rpc.connection.removeSlotChangeListener(slotSub);
  });

  it('sends a v0 transaction in base58 and answers getTransaction with maxSupportedTransactionVersion', async () => {
    const payer = Keypair.generate();
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const { blockhash, lastValidBlockHeight } = await rpc.connection.getLatestBlockhash();
    const msg = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 50_000 }),
        SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: 1_000_000,
        }),
      ],
    }).compileToV0Message();
    const tx = new VersionedTransaction(msg);
    tx.sign([payer]);
    const fee = await rpc.connection.getFeeForMessage(msg);
    expect(fee.value).toBe(5000 + 300); // 2 builtin instructions × 3,000 units × 50,000 µlamports
    const out = (await localnet.handleRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [bs58.encode(tx.serialize())],
    })) as { result: string };
    await rpc.connection.confirmTransaction({ signature: out.result, blockhash, lastValidBlockHeight });
    const got = await rpc.connection.getTransaction(out.result, { maxSupportedTransactionVersion: 0 });
    expect(got?.version).toBe(0);
    expect(got?.meta?.fee).toBe(5300);
    expect(got!.meta!.preBalances[0] - got!.meta!.postBalances[0]).toBe(1_005_300);
    expect(await rpc.connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - 1_005_300);
  });

  it('refuses a transaction over 1232 bytes like a cluster', async () => {
    const out = (await localnet.handleRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [Buffer.alloc(1233, 1).toString('base64'), { encoding: 'base64' }],
    })) as { error: { code: number; message: string } };
    expect(out.error.code).toBe(-32602);
    expect(out.error.message).toMatch(/too large/);
  });

  it('filters getProgramAccounts by dataSize and memcmp and parses token accounts', async () => {
    const owner = Keypair.generate().publicKey;
    await localnet.fund(owner.toBase58());
    const filters = [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: owner.toBase58() } }];
    const list = await rpc.connection.getParsedProgramAccounts(new PublicKey(TOKEN_PROGRAM), { filters });
    expect(list.length).toBeGreaterThanOrEqual(4 + 4 + 1 + 1);
    for (const a of list) expect((a.account.data as ParsedAccountData).parsed.info.owner).toBe(owner.toBase58());
    const raw = await rpc.connection.getProgramAccounts(new PublicKey(TOKEN_PROGRAM), {
      filters: [{ dataSize: 82 }],
      dataSlice: { offset: 0, length: 4 },
    });
    expect(raw.every((a) => a.account.data.length === 4)).toBe(true);
  });

  it('runs a v0 transaction through an address lookup table made on the chain', async () => {
    const payer = Keypair.generate();
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const slot = await rpc.connection.getSlot();
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot: slot - 1,
    });
    await sendAndConfirmTransaction(rpc.connection, new Transaction().add(create), [payer]);
    const targets = Array.from({ length: 4 }, () => Keypair.generate().publicKey);
    await sendAndConfirmTransaction(
      rpc.connection,
      new Transaction().add(
        AddressLookupTableProgram.extendLookupTable({
          lookupTable: table,
          authority: payer.publicKey,
          payer: payer.publicKey,
          addresses: targets,
        }),
      ),
      [payer],
    );
    const alt = (await rpc.connection.getAddressLookupTable(table)).value!;
    expect(alt.state.addresses).toHaveLength(4);
    const { blockhash, lastValidBlockHeight } = await rpc.connection.getLatestBlockhash();
    const msg = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: targets.map((t) =>
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: t, lamports: 1_000_000 }),
      ),
    }).compileToV0Message([alt]);
    expect(msg.addressTableLookups).toHaveLength(1);
    const tx = new VersionedTransaction(msg);
    tx.sign([payer]);
    const signature = await rpc.connection.sendTransaction(tx);
    await rpc.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
    for (const t of targets) expect(await rpc.connection.getBalance(t)).toBe(1_000_000);
    const got = await rpc.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(got?.meta?.loadedAddresses?.writable.map((k) => k.toBase58()).sort()).toEqual(
      targets.map((t) => t.toBase58()).sort(),
    );
  });
});
