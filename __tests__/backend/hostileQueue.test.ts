// Hostile clients and the transfer queue's disk (RELIABILITY, "Hostile clients"): an anonymous client writes nothing,
// holds a few unauthorised queues in memory that expire (an authorised one gives its slot back), fields are capped, a worker pass reads only active queues,
// finished queues are pruned and the folder's size is bounded.
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import { MAX_UNAUTHORISED_PER_CLIENT } from '../../backend/routes/queue';
import { PENDING_QUEUE_TTL_MS } from '../../backend/services/queue/pendingQueues';
import {
  FileQueueStore,
  FINISHED_QUEUE_RETENTION_MS,
  MAX_STORED_QUEUES,
  type QueueRecord,
} from '../../backend/services/queue/queueStore';
import { signedAuth } from '../support/signedAuth';
import { startServer, type TestServer } from './helpers';

const address = () => Keypair.generate().publicKey.toBase58();
const folderBytes = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir).reduce((sum, name) => {
        const p = path.join(dir, name);
        return sum + (fs.statSync(p).isDirectory() ? folderBytes(p) : fs.statSync(p).size);
      }, 0)
    : 0;

describe('POST /api/queue/create from an anonymous client', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(() => server.close());

  const create = (ip: string, body: unknown) =>
    fetch(`${server.url}/api/queue/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
  const hostileBody = () => ({
    ownerAddress: address(),
    assets: Array.from({ length: 100 }, () => ({ assetId: address(), name: 'n'.repeat(200), image: 'h'.repeat(2000) })),
  });

  it('writes 0 bytes for hostile calls (100 items, 2,000-character images) and holds at most 5 per client', async () => {
    const queues = path.join(server.solback.config.dataDir, 'queues');
    const before = folderBytes(queues);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await create('198.51.100.7', hostileBody())).status);
    const written = folderBytes(queues) - before;
    console.log(`queue: 20 anonymous creates → ${written} bytes written; statuses ${statuses.join(',')}`);
    expect(written).toBe(0);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_UNAUTHORISED_PER_CLIENT);
    expect(statuses.slice(MAX_UNAUTHORISED_PER_CLIENT).every((s) => s === 429)).toBe(true);
    expect((await create('198.51.100.8', hostileBody())).status).toBe(200); // another client is not affected
  });

  it('an authorised queue frees its slot: the page creates the queue before its one approval, honest runs never run out', async () => {
    const ip = '198.51.100.10';
    const owner = Keypair.generate();
    const assetIds = [address()];
    const body = () => ({ ownerAddress: owner.publicKey.toBase58(), assets: assetIds.map((assetId) => ({ assetId })) });
    const ids: string[] = [];
    for (let i = 0; i < MAX_UNAUTHORISED_PER_CLIENT; i++) ids.push((await (await create(ip, body())).json()).queueId);
    expect((await create(ip, body())).status).toBe(429);
    const proof = await signedAuth(server.url, owner, { action: 'queue-authorize', queueId: ids[0], assetIds });
    const authorised = await fetch(`${server.url}/api/queue/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ queueId: ids[0], ownerAddress: owner.publicKey.toBase58(), ...proof }),
    });
    expect(authorised.status).toBe(200);
    expect((await create(ip, body())).status).toBe(200); // the slot the authorised queue held
    expect((await create(ip, body())).status).toBe(429); // and only that one
  });

  it('caps the fields a queue keeps: names at 100 characters, pictures at 512 and only http(s)', async () => {
    const owner = address();
    const res = await create('198.51.100.9', {
      ownerAddress: owner,
      assets: [
        { assetId: address(), name: 'x'.repeat(200), image: 'https://img.example/' + 'a'.repeat(1000) },
        { assetId: address(), name: 'ok', image: 'https://img.example/ok.png' },
        { assetId: address(), name: 'svg', image: 'javascript:alert(1)' },
      ],
    });
    const { queueId } = (await res.json()) as { queueId: string };
    const q = (await server.solback.queue.store.get(queueId))!;
    expect(q.items.map((i) => [i.name.length, i.image])).toEqual([
      [100, null],
      [2, 'https://img.example/ok.png'],
      [3, null],
    ]);
  });
});

describe('the file store', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-queues-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const record = (over: Partial<QueueRecord> = {}): QueueRecord => ({
    id: `queue-${Math.random().toString(36).slice(2, 12)}`,
    owner: address(),
    createdAt: Date.now(),
    items: [{ assetId: address(), name: 'a', image: null, state: 'pending', attempts: 0, updatedAt: Date.now() }],
    ...over,
  });
  const finished = (at: number) =>
    record({
      createdAt: at,
      authorizedAt: at,
      items: [{ assetId: address(), name: 'a', image: null, state: 'completed', attempts: 1, updatedAt: at }],
    });

  it('a worker pass reads only the active queues, not every file', async () => {
    const seed = new FileQueueStore(dir);
    for (let i = 0; i < 200; i++) await seed.create(finished(Date.now()));
    const active = record({ authorizedAt: Date.now() });
    await seed.create(active);
    await seed.close();
    const store = new FileQueueStore(dir);
    const read = jest.spyOn(fs, 'readFileSync');
    try {
      const list = await store.listActive();
      expect(list.map((q) => q.id)).toEqual([active.id]);
      console.log(`queue: a pass over 201 queue files read ${read.mock.calls.length} of them`);
      expect(read.mock.calls.length).toBe(1);
    } finally {
      read.mockRestore();
      await store.close();
    }
  });

  it('an unauthorised queue stays in memory and expires; finished queues are pruned after a day', async () => {
    let now = Date.now();
    const store = new FileQueueStore(dir, () => now);
    const pending = record();
    await store.create(pending);
    expect(fs.readdirSync(path.join(dir, 'queues'))).toEqual([]);
    expect(await store.get(pending.id)).toEqual(pending);
    now += PENDING_QUEUE_TTL_MS + 1;
    expect(await store.get(pending.id)).toBeNull();
    const old = finished(now);
    await store.create(old);
    const authorised = record();
    await store.create(authorised);
    await store.update(authorised.id, (q) => void (q.authorizedAt = now));
    expect(fs.readdirSync(path.join(dir, 'queues')).sort()).toEqual([`${authorised.id}.json`, `${old.id}.json`].sort());
    await store.close();
    now += FINISHED_QUEUE_RETENTION_MS + 1;
    const later = new FileQueueStore(dir, () => now);
    expect(fs.readdirSync(path.join(dir, 'queues'))).toEqual([`${authorised.id}.json`]); // still active: kept
    await later.close();
  });

  it('the folder is bounded: the largest queue file, times MAX_STORED_QUEUES', () => {
    const worst = record({
      authorizedAt: Date.now(),
      cancelledAt: Date.now(),
      accessTokenHash: 'f'.repeat(64),
      items: Array.from({ length: 100 }, () => ({
        assetId: address(),
        name: 'n'.repeat(100),
        image: 'https://' + 'h'.repeat(504),
        state: 'sending' as const,
        signature: '5'.repeat(88),
        raw: 'A'.repeat(1644), // a full 1,232-byte transaction in base64
        lastValidBlockHeight: 1e12,
        attempts: 99,
        error: 'e'.repeat(200),
        updatedAt: Date.now(),
      })),
    });
    const bytes = Buffer.byteLength(JSON.stringify(worst));
    console.log(`queue: largest file ${bytes} bytes × ${MAX_STORED_QUEUES} = ${(bytes * MAX_STORED_QUEUES) / 1e6} MB`);
    expect(bytes * MAX_STORED_QUEUES).toBeLessThan(600e6);
  });
});
