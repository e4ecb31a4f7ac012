// docs/PRODUCT.md#server-calls server queue on the local chain: create → authorise (verified signature) → the worker moves every delegated
// asset to TRASH_WALLET; a restart on the same DATA_DIR loses none and moves none twice; cancel.
import fs from 'fs';
import os from 'os';
import path from 'path';
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { FileQueueStore } from '../../backend/services/queue/queueStore';
import { queueStatus, signedAuth } from '../support/signedAuth';
import { startServer, type TestServer, queueWorkerPassed } from './helpers';
import { until } from '../support/until';
import { fundOwner, ownerOf, signAndSend } from './cnftSupport';

jest.setTimeout(120_000);

/** A persistent server (local chain saved to DATA_DIR) that can be restarted on the same directory. */
const boot = (dir: string): Promise<TestServer> =>
  startServer({}, { dir, withIndex: false, overrides: { memoryOnly: false } });

async function delegateAll(server: TestServer, owner: Keypair, ids: string[]) {
  const delegate = server.solback.delegate!.publicKey.toBase58();
  for (const id of ids) {
    const res = await server.post('/api/cnft/delegate', {
      ownerAddress: owner.publicKey.toBase58(),
      assetId: id,
      delegatePublicKey: delegate,
    });
    if (res.json.transaction) await signAndSend(server, res.json.transaction, owner);
  }
}

describe('transfer queue', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-queue-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('validates create, refuses a forged or foreign authorisation, then moves all 4 and reports 100 %', async () => {
    const server = await boot(dir);
    try {
      const { owner, cnfts } = await fundOwner(server);
      const ownerAddress = owner.publicKey.toBase58();
      const empty = await server.post('/api/queue/create', { ownerAddress, assets: [] });
      expect(empty.status).toBe(400);
      expect(empty.json.error).toContain('No assets selected for transfer');

      const four = cnfts.slice(0, 4);
      await delegateAll(
        server,
        owner,
        four.map((c) => c.assetId),
      );
      const created = await server.post('/api/queue/create', {
        ownerAddress,
        assets: four.map((c) => ({ assetId: c.assetId, name: c.name, image: c.image })),
      });
      expect(created.json.success).toBe(true);
      const queueId = created.json.queueId as string;
      const req = { action: 'queue-authorize' as const, queueId, assetIds: four.map((c) => c.assetId) };

      const forged = await server.post('/api/queue/authorize', {
        queueId,
        ownerAddress,
        ...(await signedAuth(server.url, owner, req, { signer: Keypair.generate() })),
      });
      expect(forged.status).toBe(403);
      const otherQueue = await server.post('/api/queue/authorize', {
        queueId,
        ownerAddress,
        ...(await signedAuth(server.url, owner, { ...req, queueId: 'other-queue-id' })),
      });
      expect(otherQueue.status).toBe(403);
      const intruder = Keypair.generate();
      const foreign = await server.post('/api/queue/authorize', {
        queueId,
        ownerAddress: intruder.publicKey.toBase58(),
        ...(await signedAuth(server.url, intruder, req)),
      });
      expect(foreign.status).toBe(403);
      await queueWorkerPassed(server.solback);
      // Nothing runs and nobody reads it before the owner authorised it.
      expect((await queueStatus(server.url, queueId)).status).toBe(401);
      expect((await server.solback.queue.store.get(queueId))!.items.map((i) => i.state)).toEqual(
        Array(4).fill('pending'),
      );

      const authorized = await server.post('/api/queue/authorize', {
        queueId,
        ownerAddress,
        ...(await signedAuth(server.url, owner, req)),
      });
      expect(authorized.json.success).toBe(true);
      const token = authorized.json.accessToken as string;
      const done = await until(async () => {
        const s = (await queueStatus(server.url, queueId, token)).json.status;
        return s.isComplete && s;
      }, 60_000);
      expect(done).toMatchObject({ completed: 4, failed: 0, pending: 0, processing: 0 });
      expect(done.completed / four.length).toBe(1);
      expect(new Set(done.completedAssets.map((a: any) => a.signature)).size).toBe(4);
      expect(done.lastSignature).toBeTruthy();
      for (const c of four) expect((await ownerOf(server, c.assetId)).owner).toBe(server.solback.config.trashWallet);
      expect((await ownerOf(server, cnfts[4].assetId)).owner).toBe(ownerAddress);
    } finally {
      await server.close();
    }
  });

  it('a not-delegated asset fails with an error; the others complete', async () => {
    const server = await boot(dir);
    try {
      const { owner, cnfts } = await fundOwner(server);
      const ownerAddress = owner.publicKey.toBase58();
      const created = await server.post('/api/queue/create', {
        ownerAddress,
        assets: [cnfts[0], cnfts[1]].map((c) => ({ assetId: c.assetId, name: c.name, image: null })),
      });
      const queueId = created.json.queueId;
      const assetIds = [cnfts[0].assetId, cnfts[1].assetId];
      const { accessToken } = (
        await server.post('/api/queue/authorize', {
          queueId,
          ownerAddress,
          ...(await signedAuth(server.url, owner, { action: 'queue-authorize', queueId, assetIds })),
        })
      ).json;
      const done = await until(async () => {
        const s = (await queueStatus(server.url, queueId, accessToken)).json.status;
        return s.isComplete && s;
      });
      expect(done.completed).toBe(1);
      expect(done.failedAssets).toEqual([
        { assetId: cnfts[1].assetId, name: cnfts[1].name, error: expect.stringContaining('not delegated') },
      ]);
    } finally {
      await server.close();
    }
  });

  it('a restart in the middle loses none and moves none twice', async () => {
    let server = await boot(dir);
    const { owner, cnfts } = await fundOwner(server);
    const ownerAddress = owner.publicKey.toBase58();
    const four = cnfts.slice(0, 4);
    await delegateAll(
      server,
      owner,
      four.map((c) => c.assetId),
    );
    const queueId = (
      await server.post('/api/queue/create', {
        ownerAddress,
        assets: four.map((c) => ({ assetId: c.assetId, name: c.name, image: null })),
      })
    ).json.queueId;
    const assetIds = four.map((c) => c.assetId);
    const { accessToken } = (
      await server.post('/api/queue/authorize', {
        queueId,
        ownerAddress,
        ...(await signedAuth(server.url, owner, { action: 'queue-authorize', queueId, assetIds })),
      })
    ).json;
    // Stop as soon as the first asset completed: the worker is in the middle of the queue.
    await until(async () => (await queueStatus(server.url, queueId, accessToken)).json.status.completed >= 1, 30_000, {
      every: 20,
    });
    await server.close();

    // Simulate the worst crash: the transfer landed but the process died before recording it ('sending' + signature).
    const store = new FileQueueStore(path.join(dir, 'data'));
    const q = (await store.get(queueId))!;
    const landed = q.items.find((i) => i.state === 'completed')!;
    // And, when one is still pending, a crash right after recording 'sending' but before the send left the process.
    const unsent = q.items.find((i) => i.state === 'pending');
    await store.update(queueId, (r) => {
      const it = r.items.find((i) => i.assetId === landed.assetId)!;
      it.state = 'sending';
      if (unsent)
        Object.assign(
          r.items.find((i) => i.assetId === unsent.assetId)!,
          { state: 'sending', signature: bs58.encode(Buffer.alloc(64, 7)) },
        );
    });
    const statesAtCrash = (await store.get(queueId))!.items.map((i) => i.state);
    expect(statesAtCrash.filter((s) => s === 'completed' || s === 'failed').length).toBeLessThan(4);

    server = await boot(dir);
    try {
      // The owner's token outlives the restart (its hash is in the queue's record).
      const done = await until(async () => {
        const s = (await queueStatus(server.url, queueId, accessToken)).json.status;
        return s.isComplete && s;
      }, 60_000);
      expect(done).toMatchObject({ completed: 4, failed: 0 });
      const sigs = done.completedAssets.map((a: any) => a.signature);
      expect(new Set(sigs).size).toBe(4);
      expect(done.completedAssets.find((a: any) => a.assetId === landed.assetId).signature).toBe(landed.signature);
      for (const c of four) expect((await ownerOf(server, c.assetId)).owner).toBe(server.solback.config.trashWallet);
      // Moved once each: the trash wallet's asset list holds each id exactly once and every attempt count is 1.
      const items = (await new FileQueueStore(path.join(dir, 'data')).get(queueId))!.items;
      expect(items.every((i) => i.attempts === 1)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('cancel stops the queue: pending assets are dropped and reported complete', async () => {
    const server = await boot(dir);
    try {
      const { owner, cnfts } = await fundOwner(server);
      const ownerAddress = owner.publicKey.toBase58();
      const three = cnfts.slice(0, 3);
      const queueId = (
        await server.post('/api/queue/create', {
          ownerAddress,
          assets: three.map((c) => ({ assetId: c.assetId, name: c.name, image: null })),
        })
      ).json.queueId;
      const assetIds = three.map((c) => c.assetId);
      // The owner's signed 'queue-cancel' (no access token: this queue was never authorised).
      const res = await server.post(`/api/queue/cancel/${queueId}`, {
        ownerAddress,
        ...(await signedAuth(server.url, owner, { action: 'queue-cancel', queueId, assetIds })),
      });
      expect(res.json.success).toBe(true);
      expect(res.json.status).toMatchObject({ pending: 0, completed: 0, isComplete: true, isCancelled: true });
      // What a revoke of the delegation would cover: all three, still the owner's.
      expect(res.json.status.unmovedAssets.map((a: any) => a.assetId).sort()).toEqual([...assetIds].sort());
      const auth = await server.post('/api/queue/authorize', {
        queueId,
        ownerAddress,
        ...(await signedAuth(server.url, owner, { action: 'queue-authorize', queueId, assetIds })),
      });
      expect(auth.status).toBe(400);
      expect((await server.post('/api/queue/cancel/unknown-queue-id', {})).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
