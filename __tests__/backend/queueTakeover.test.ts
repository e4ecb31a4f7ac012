// Exactly once across processes (README, several server processes on one Redis), made deterministic: a worker "dies" holding a queue's lease with two
// items recorded as 'sending' — one whose transfer landed, one whose signed bytes never left it. Another process on
// the same Redis waits for the lease to expire, then asks the chain about each recorded signature before building
// anything: the landed one is completed with its signature (nothing sent again), the unsent one is rebroadcast as
// the same bytes or, once those expired, rebuilt. Every cNFT moves once. Apps A and B run in upstream mode against
// app C, which serves the local chain (one chain for both, as for real processes).
import type { Redis } from 'ioredis';
import { LAMPORTS_PER_SOL } from '@solana/web3.js';
import { prepareDelegatedTransfer } from '../../backend/services/nft/delegatedTransfer';
import { newQueueAccessToken } from '../../backend/services/queue/queueAccess';
import type { QueueRecord } from '../../backend/services/queue/queueStore';
import { queueStatus } from '../support/signedAuth';
import { describeWithRedis, startRedis, type TestRedis } from '../support/redisServer';
import { until } from '../support/until';
import { fundOwner, ownerOf, sendRaw, signAndSend } from './cnftSupport';
import { startServer, type TestServer } from './helpers';

jest.setTimeout(180_000);

describeWithRedis('a queue taken over from a dead worker', () => {
  let redis: TestRedis;
  let c: TestServer;
  let a: TestServer;
  let b: TestServer;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = redis.client();
    c = await startServer();
    const rpcUrl = `${c.url}/api/rpc`;
    const env = {
      SOLANA_RPC_URL: rpcUrl,
      DAS_URL: rpcUrl,
      DELEGATE_KEYPAIR: c.solback.config.delegateKeypairPath!,
      REDIS_URL: redis.url,
    };
    [a, b] = [await startServer(env), await startServer(env)];
    await c.solback.rpc.call('requestAirdrop', [c.solback.delegate!.publicKey.toBase58(), 10 * LAMPORTS_PER_SOL]);
  });
  afterAll(async () => {
    await b?.close();
    await c?.close();
    await redis?.stop();
  });

  const successfulToTrash = async () =>
    (
      await c.solback.rpc.call<{ signature: string; err: unknown }[]>('getSignaturesForAddress', [
        c.solback.config.trashWallet,
        { limit: 1000 },
      ])
    )
      .filter((s) => s.err === null)
      .map((s) => s.signature);

  it('settles the recorded sends from the chain, then finishes: each cNFT moved once', async () => {
    const { owner, cnfts } = await fundOwner(c);
    const four = cnfts.slice(0, 4);
    const ownerAddress = owner.publicKey.toBase58();
    for (const x of four) {
      const res = await a.post('/api/cnft/delegate', {
        ownerAddress,
        assetId: x.assetId,
        delegatePublicKey: c.solback.delegate!.publicKey.toBase58(),
      });
      if (res.json.transaction) await signAndSend(c, res.json.transaction, owner);
    }
    const before = new Set(await successfulToTrash());
    const queueId = (
      await a.post('/api/queue/create', {
        ownerAddress,
        assets: four.map((x) => ({ assetId: x.assetId, name: x.name })),
      })
    ).json.queueId as string;
    await a.close(); // A is gone before it authorised anything; what it "left" is written below

    // What a worker killed mid-queue leaves: item 0 sent and landed, item 1 signed but never sent, both 'sending'.
    const landed = await prepareDelegatedTransfer(b.solback.services, four[0].assetId, ownerAddress);
    const { blockhash } = await c.solback.connection.getLatestBlockhash('confirmed');
    await sendRaw(c, landed.raw, blockhash, landed.lastValidBlockHeight);
    const unsent = await prepareDelegatedTransfer(b.solback.services, four[1].assetId, ownerAddress);
    const key = `solback:queue:${queueId}`;
    const q = JSON.parse((await client.get(key))!) as QueueRecord;
    q.authorizedAt = Date.now();
    const access = newQueueAccessToken(); // what the owner's authorisation would have handed out
    q.accessTokenHash = access.hash;
    for (const [i, p] of [landed, unsent].entries()) {
      Object.assign(q.items[i], {
        state: 'sending',
        signature: p.signature,
        raw: Buffer.from(p.raw).toString('base64'),
        lastValidBlockHeight: p.lastValidBlockHeight,
        attempts: 1,
      });
    }
    await client.set(key, JSON.stringify(q));
    await client.sadd('solback:queues:active', queueId);
    const leaseKey = `solback:queue-lease:${queueId}`;
    await client.set(leaseKey, 'dead-host:999999:deadbeef', 'PX', 120_000);

    // While the dead worker's lease lasts, B leaves the queue alone (B looks every second). The lease then lapses:
    // deleted here as its expiry would, so no step depends on how fast the machine runs.
    await new Promise((r) => setTimeout(r, 1_200));
    const during = JSON.parse((await client.get(key))!) as QueueRecord;
    expect(during.items.map((i) => i.state)).toEqual(['sending', 'sending', 'pending', 'pending']);
    await client.del(leaseKey);

    const done = await until(async () => {
      const s = (await queueStatus(b.url, queueId, access.token)).json.status;
      return s.isComplete && s;
    }, 120_000);
    expect(done).toMatchObject({ completed: 4, failed: 0, total: 4 });
    const sigOf = (assetId: string) =>
      done.completedAssets.find((x: { assetId: string }) => x.assetId === assetId).signature as string;
    expect(sigOf(four[0].assetId)).toBe(landed.signature); // settled from the chain: not sent again

    const moved = (await successfulToTrash()).filter((s) => !before.has(s));
    const recorded = four.map((x) => sigOf(x.assetId));
    expect(moved.length).toBe(4);
    expect(new Set(moved)).toEqual(new Set(recorded));
    for (const x of four) expect((await ownerOf(c, x.assetId)).owner).toBe(c.solback.config.trashWallet);
    const items = (JSON.parse((await client.get(key))!) as QueueRecord).items;
    expect(items[0].attempts).toBe(1); // never rebuilt
    const path =
      sigOf(four[1].assetId) === unsent.signature ? 'rebroadcast as the same bytes' : 'rebuilt after its bytes expired';
    console.log(`takeover: the landed send was settled from the chain; the unsent one was ${path}`);
  });
});
