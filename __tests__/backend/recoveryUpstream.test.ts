// The recovery scans against a stand-in provider that refuses getProgramAccounts the ways providers do
// (__tests__/fixtures/upstream/solana/getProgramAccounts-refusals.json): each refused scan is `refused` in the
// answer — never a silent zero, never a 5xx — and the scans the provider serves still answer.
import { startServer, type TestServer } from './helpers';
import { fixture, recordedAnswers, startReplayUpstream, type ReplayUpstream } from '../support/replayUpstream';
import { LOOKUP_TABLE_PROGRAM, STAKE_PROGRAM } from '../../src/chain/recovery/layouts';

const OWNER = 'A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd'; // the recorded getTokenAccountsByOwner owner
const refusals = fixture('solana/getProgramAccounts-refusals.json');
const REFUSALS = Object.keys(refusals).filter((k) => k !== '_source');

describe('recovery scans on a provider that refuses getProgramAccounts', () => {
  let rpc: ReplayUpstream;
  let s: TestServer;
  beforeAll(async () => {
    rpc = await startReplayUpstream({
      ...recordedAnswers(),
      getEpochInfo: () => ({ epoch: 790, absoluteSlot: 341197933, slotIndex: 0, slotsInEpoch: 432000 }),
    });
    s = await startServer({ SOLANA_RPC_URL: rpc.url, DAS_URL: rpc.url }, { overrides: { upstreamRetryBaseMs: 5 } });
  });
  afterAll(async () => {
    await s.close();
    await rpc.close();
  });

  it.each(REFUSALS)('every getProgramAccounts scan refused (%s) → refused per kind, 200', async (name) => {
    rpc.answers.getProgramAccounts = () => ({ __error: refusals[name].error });
    const r = await s.get(`/api/recoverable/${OWNER}`);
    expect(r.status).toBe(200);
    expect(r.json.scans).toEqual({
      stake: 'refused',
      programBuffer: 'refused',
      nonce: 'refused',
      lookupTable: 'refused',
      approval: 'ok', // getTokenAccountsByOwner is served
      closableMint: 'ok', // the mint scan falls back to the wallet's own mints (docs/UPSTREAM.md)
      wrappedSol: 'ok', // getTokenAccountsByOwner is served
      openbookV1: 'refused',
      openbookV2: 'refused',
      pumpCreatorFee: 'ok', // getAccountInfo of a PDA is served
      pumpVolumeAccumulator: 'ok',
    });
    expect(r.json.sources).toEqual([]);
  });

  it('one program refused, the others served: only its kind is refused', async () => {
    rpc.answers.getProgramAccounts = ([program]: [string]) =>
      program === STAKE_PROGRAM ? { __error: refusals.tooManyAccounts.error } : [];
    const r = await s.get(`/api/recoverable/${OWNER}`);
    expect(r.status).toBe(200);
    expect(r.json.scans).toMatchObject({ stake: 'refused', programBuffer: 'ok', nonce: 'ok', lookupTable: 'ok' });
    const sent = rpc.seen.filter((q) => q.method === 'getProgramAccounts' && q.params[0] === LOOKUP_TABLE_PROGRAM);
    // Within the providers' limits: at most 4 filters, and a data slice so no table's addresses are downloaded.
    expect(sent.at(-1)!.params[1].filters.length).toBeLessThanOrEqual(4);
    expect(sent.at(-1)!.params[1].dataSlice).toEqual({ offset: 0, length: 56 });
  });

  it('the slot time is measured from the recorded performance samples; a node without them gives null', async () => {
    const recorded = fixture('solana/getRecentPerformanceSamples.json');
    rpc.answers.getProgramAccounts = () => [];
    rpc.answers.getRecentPerformanceSamples = () => recorded.response;
    const r = await s.get(`/api/recoverable/${OWNER}`);
    // 4 samples of 60 s: 149 + 155 + 148 + 153 = 605 slots in 240 s → 396.69 ms a slot, rounded
    expect(r.json.slotMs).toBe(397);
    const asked = rpc.seen.filter((q) => q.method === 'getRecentPerformanceSamples').at(-1)!;
    expect(asked.params).toEqual([30]);
    rpc.answers.getRecentPerformanceSamples = () => ({ __error: { code: -32601, message: 'Method not found' } });
    const without = await s.get(`/api/recoverable/${OWNER}`);
    expect(without.status).toBe(200);
    expect(without.json.slotMs).toBeNull();
  });

  it('a prepare for an account whose scan was refused says so (400), never a 5xx', async () => {
    rpc.answers.getProgramAccounts = () => ({ __error: refusals.excludedFromSecondaryIndexes.error });
    const r = await s.post('/api/prepare-recovery', {
      ownerAddress: OWNER,
      accounts: ['BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA'],
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toContain('the provider refused the scan');
  });
});
