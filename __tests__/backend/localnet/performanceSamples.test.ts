// getRecentPerformanceSamples on the local chain: the recorded mainnet shape (fixtures/upstream/solana/
// getRecentPerformanceSamples.json), newest first, each sample counting the chain's own slots of its period.
import fs from 'fs';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { until } from '../../support/until';

const recorded = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, '..', '..', 'fixtures', 'upstream', 'solana', 'getRecentPerformanceSamples.json'),
    'utf8',
  ),
);
const key = () => Keypair.generate().publicKey.toBase58();

let localnet: Localnet;
beforeAll(async () => {
  // Periods of 1 s instead of agave's 60, so that samples exist within the test.
  localnet = await createLocalnet({
    delegate: key(),
    trashWallet: key(),
    feeWallet: key(),
    slotMs: 20,
    performanceSampleSecs: 1,
  });
});
afterAll(() => localnet.close());

const call = async (params: unknown[]) =>
  (await localnet.handleRpc({ jsonrpc: '2.0', id: 1, method: 'getRecentPerformanceSamples', params })) as {
    result?: Record<string, number>[];
    error?: { code: number; message: string };
  };

it('answers the recorded shape: samples newest first, each period’s slots between consecutive sample slots', async () => {
  await until(async () => ((await call([3])).result?.length ?? 0) === 3, 15_000);
  const samples = (await call([3])).result!;
  const shapeOf = (o: object) =>
    Object.entries(o)
      .map(([k, v]) => `${k}:${typeof v}`)
      .sort();
  for (const s of samples) expect(shapeOf(s)).toEqual(shapeOf(recorded.response[0]));
  for (let i = 0; i + 1 < samples.length; i++) {
    expect(samples[i].slot - samples[i + 1].slot).toBe(samples[i].numSlots);
    expect(samples[i].samplePeriodSecs).toBe(1);
  }
  expect((await call([1])).result).toHaveLength(1);
});

it('refuses a limit above 720 as agave does', async () => {
  expect((await call([721])).error).toEqual({ code: -32602, message: 'Invalid limit; max 720' });
});
