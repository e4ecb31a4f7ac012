// The local chain as a cluster to a stock web3.js Connection: statuses per commitment level (processed → confirmed →
// finalized after 32 slots) through getSignatureStatuses and signatureSubscribe, and getRecentPrioritizationFees
// from the compute-unit prices of the transactions it executed.
import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  type Connection,
} from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { PriorityFeeLog } from '../../../backend/localnet/priorityFees';
import { currentPriorityFee } from '../../../src/features/burn/burn/burnSteps';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

async function fundedPayer(connection: Connection): Promise<Keypair> {
  const payer = Keypair.generate();
  const sig = await connection.requestAirdrop(payer.publicKey, LAMPORTS_PER_SOL);
  await connection.confirmTransaction({ signature: sig, ...(await connection.getLatestBlockhash()) }, 'confirmed');
  return payer;
}

async function transfer(connection: Connection, payer: Keypair, microLamports?: number) {
  const to = Keypair.generate().publicKey;
  const tx = new Transaction();
  if (microLamports !== undefined) tx.add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }));
  tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 }));
  const bh = await connection.getLatestBlockhash();
  tx.recentBlockhash = bh.blockhash;
  tx.feePayer = payer.publicKey;
  tx.sign(payer);
  const signature = await connection.sendRawTransaction(tx.serialize());
  return { signature, to, bh };
}

const statusOf = async (c: Connection, sig: string) =>
  (await c.getSignatureStatuses([sig])).value[0]?.confirmationStatus;

describe('commitment levels like a cluster (slots moved by hand)', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    rpc = await startRpcServer(localnet);
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  it('is processed, then confirmed for a client waiting for exactly confirmed, then finalized 32 slots later', async () => {
    const payer = await fundedPayer(rpc.connection);
    localnet.chain.confirmAfterMs = 1500; // one (long) slot time before the vote confirms it
    const { signature, bh } = await transfer(rpc.connection, payer);
    expect(await statusOf(rpc.connection, signature)).toBe('processed');

    const t0 = Date.now();
    const confirmed = await rpc.connection.confirmTransaction({ signature, ...bh }, 'confirmed');
    expect(confirmed.value.err).toBeNull();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000); // notified when confirmed, not when processed
    expect(await statusOf(rpc.connection, signature)).toBe('confirmed');

    const finalized = rpc.connection.confirmTransaction({ signature, ...bh }, 'finalized');
    const landed = (await rpc.connection.getSignatureStatuses([signature])).value[0]!.slot;
    while (localnet.chain.slot() < landed + 31) {
      localnet.chain.advanceSlot();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await statusOf(rpc.connection, signature)).toBe('confirmed'); // 31 slots on: still confirmed
    localnet.chain.advanceSlot();
    const notice = await finalized;
    expect(notice.value.err).toBeNull();
    // The slot the server sent the notice at (its context), however late it arrives: not one slot early.
    expect(notice.context.slot).toBe(landed + 32);
    expect(await statusOf(rpc.connection, signature)).toBe('finalized');
    expect((await rpc.connection.getSignaturesForAddress(payer.publicKey))[0].confirmationStatus).toBe('finalized');
  });
});

describe('commitment with the slot ticker (400 ms slots, as `npm start` runs)', () => {
  it('confirms at confirmed long before finalized, which comes 32 slots after the landing slot', async () => {
    const localnet = await createLocalnet({ ...wallets });
    const rpc = await startRpcServer(localnet);
    try {
      const payer = await fundedPayer(rpc.connection);
      const { signature, bh } = await transfer(rpc.connection, payer);
      const t0 = Date.now();
      await rpc.connection.confirmTransaction({ signature, ...bh }, 'confirmed');
      const [confirmedMs, confirmedSlot] = [Date.now() - t0, localnet.chain.slot()];
      const landed = (await rpc.connection.getSignatureStatuses([signature])).value[0]!.slot;
      await rpc.connection.confirmTransaction({ signature, ...bh }, 'finalized');
      const [finalizedMs, finalizedSlot] = [Date.now() - t0, localnet.chain.slot()];
      console.log(`local chain: confirmed after ${confirmedMs} ms, finalized after ${finalizedMs} ms (400 ms slots)`);
      // Counted in slots, not milliseconds: a loaded machine stretches the ticker's slots, never their order.
      expect(confirmedSlot).toBeLessThan(landed + 32);
      expect(finalizedSlot).toBeGreaterThanOrEqual(landed + 32);
    } finally {
      await rpc.close();
      await localnet.close();
    }
  });
});

describe('getRecentPrioritizationFees from executed transactions', () => {
  it('reports the compute-unit price each landed transaction paid, in its slot, to a stock Connection', async () => {
    const localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    const rpc = await startRpcServer(localnet);
    try {
      const payer = await fundedPayer(rpc.connection);
      const a = await transfer(rpc.connection, payer, 5000);
      const b = await transfer(rpc.connection, payer, 1200);
      const slotOf = async (sig: string) => (await rpc.connection.getSignatureStatuses([sig])).value[0]!.slot;
      const [slotA, slotB] = [await slotOf(a.signature), await slotOf(b.signature)];
      const fees = await rpc.connection.getRecentPrioritizationFees();
      expect(fees.length).toBe(Math.min(150, localnet.chain.slot() + 1));
      expect(fees.find((f) => f.slot === slotA)?.prioritizationFee).toBe(5000);
      expect(fees.find((f) => f.slot === slotB)?.prioritizationFee).toBe(1200);
      expect(fees.filter((f) => f.prioritizationFee > 0).map((f) => f.slot)).toEqual([slotA, slotB]);
      // The page's own logic (75th percentile of every slot, zeros included): two priced slots among the recent ones
      // do not set the price once the slots after them are idle, asked for the payer's account or for none.
      for (let i = 0; i < 10; i++) localnet.chain.advanceSlot();
      expect(await currentPriorityFee(rpc.connection)).toBe(1);
      expect(await currentPriorityFee(rpc.connection, [payer.publicKey.toBase58()])).toBe(1);
      // The fee is charged as a cluster charges it: 5000 per signature + price × units (two builtins: 2 × 3000 CU).
      const meta = (await rpc.connection.getTransaction(a.signature, { maxSupportedTransactionVersion: 0 }))!.meta!;
      expect(meta.fee).toBe(5000 + Math.ceil((5000 * 6000) / 1_000_000));
    } finally {
      await rpc.close();
      await localnet.close();
    }
  });

  it('filters by the accounts asked for as agave does: a slot reports the higher of its cheapest transaction and the cheapest one locking the account', () => {
    const log = new PriorityFeeLog();
    log.record(10, 100n, ['X']);
    log.record(10, 900n, ['Y']);
    log.record(11, 50n, ['Y']);
    const pick = (accounts?: string[]) =>
      log
        .recent(11, accounts)
        .filter((f) => f.slot >= 10)
        .map((f) => f.prioritizationFee);
    expect(pick()).toEqual([100, 50]);
    expect(pick(['Y'])).toEqual([900, 50]);
    expect(pick(['X'])).toEqual([100, 50]);
    expect(pick(['Z'])).toEqual([100, 50]);
  });

  it("asks for the accounts a transaction writes: a busy account's market shows, the idle rest of the network does not", async () => {
    const localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    const rpc = await startRpcServer(localnet);
    try {
      const busy = Keypair.generate().publicKey.toBase58();
      // Every one of the 150 recent slots: the cheapest transaction paid 10 µlamports, the cheapest writing `busy` 9,000.
      for (let i = 0; i < 150; i++) {
        localnet.chain.advanceSlot();
        localnet.chain.priorityFees.record(localnet.chain.slot(), 10n, []);
        localnet.chain.priorityFees.record(localnet.chain.slot(), 9_000n, [busy]);
      }
      expect(await currentPriorityFee(rpc.connection, [busy])).toBe(9_000);
      expect(await currentPriorityFee(rpc.connection)).toBe(10);
    } finally {
      await rpc.close();
      await localnet.close();
    }
  });

  it('seeds a busy network with LOCALNET_PRIORITY_FEE_FLOOR', async () => {
    const localnet = await createLocalnet({ ...wallets, slotMs: 0, priorityFeeFloor: 20_000 });
    const rpc = await startRpcServer(localnet);
    try {
      const fees = await rpc.connection.getRecentPrioritizationFees();
      expect(fees.length).toBeGreaterThan(0);
      expect(fees.every((f) => f.prioritizationFee === 20_000)).toBe(true);
      expect(await currentPriorityFee(rpc.connection)).toBe(20_000);
    } finally {
      await rpc.close();
      await localnet.close();
    }
  });
});
