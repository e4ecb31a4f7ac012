// The rent estimate's Core asset lookup against a stand-in provider (docs/UPSTREAM.md, "Core assets"): DAS first,
// then getProgramAccounts on the Core program; when both are refused the answer says `refused` — never a silent
// zero, never a 5xx. The refusals replayed are the recorded ones (getProgramAccounts-refusals.json).
import fs from 'fs';
import path from 'path';
import { startServer, type TestServer } from './helpers';
import { fixture, recordedAnswers, startReplayUpstream, type ReplayUpstream } from '../support/replayUpstream';
import { MPL_CORE_PROGRAM } from '../../src/common/addresses';

const OWNER = 'A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd'; // the recorded getTokenAccountsByOwner owner
const refusals = fixture('solana/getProgramAccounts-refusals.json');
const REFUSALS = Object.keys(refusals).filter((k) => k !== '_source');
// A Solana node given as DAS_URL answers DAS methods as any unknown method: JSON-RPC -32601 (JSON-RPC 2.0 spec).
const NO_DAS = { __error: { code: -32601, message: 'Method not found' } };
// The Metaplex reference indexer's recorded Core asset (fixtures/das/core-asset-devnet.json), owner as recorded.
const coreAnswer = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'das', 'core-asset-devnet.json'), 'utf8'),
).answer;
const CORE_OWNER: string = coreAnswer.ownership.owner;

const coreCalls = (rpc: ReplayUpstream) =>
  rpc.seen.filter((q) => q.method === 'getProgramAccounts' && q.params[0] === MPL_CORE_PROGRAM);

describe('rent estimate: Core assets on providers that refuse', () => {
  let rpc: ReplayUpstream;
  let s: TestServer;
  const base = recordedAnswers();
  beforeAll(async () => {
    rpc = await startReplayUpstream({ ...base });
    s = await startServer({ SOLANA_RPC_URL: rpc.url, DAS_URL: rpc.url }, { overrides: { upstreamRetryBaseMs: 5 } });
  });
  afterAll(async () => {
    await s.close();
    await rpc.close();
  });
  beforeEach(() => {
    rpc.answers = { ...base };
    rpc.seen.length = 0;
  });

  it.each(REFUSALS)('no DAS, getProgramAccounts refused (%s) → coreAssetsScan refused, 200', async (name) => {
    rpc.answers.getAssetsByOwner = () => NO_DAS;
    rpc.answers.getProgramAccounts = () => ({ __error: refusals[name].error });
    const r = await s.get(`/api/rent-estimate/${OWNER}?useAccurateCalculator=true`);
    expect(r.status).toBe(200);
    expect(r.json.data.coreAssetsScan).toBe('refused');
    expect(coreCalls(rpc)).toHaveLength(1); // the fallback was asked, once
  });

  it('no DAS, getProgramAccounts served: the fallback answers (ok), with its filters and no data', async () => {
    rpc.answers.getAssetsByOwner = () => NO_DAS;
    rpc.answers.getProgramAccounts = () => [];
    const r = await s.get(`/api/rent-estimate/${OWNER}?useAccurateCalculator=true`);
    expect(r.status).toBe(200);
    expect(r.json.data.coreAssetsScan).toBe('ok');
    const [sent] = coreCalls(rpc);
    expect(sent.params[1].dataSlice).toEqual({ offset: 0, length: 0 });
    expect(sent.params[1].filters).toEqual([
      { memcmp: { offset: 0, bytes: '2', encoding: 'base58' } }, // the byte 1: Key::AssetV1
      { memcmp: { offset: 1, bytes: OWNER, encoding: 'base58' } },
    ]);
  });

  it('DAS answers: its Core assets are read on chain, getProgramAccounts on Core is never asked', async () => {
    rpc.answers.getProgramAccounts = () => ({ __error: refusals.excludedFromSecondaryIndexes.error });
    rpc.answers.getAssetsByOwner = (p) =>
      p?.ownerAddress === CORE_OWNER && (p.page ?? 1) === 1
        ? { total: 1, limit: 1000, page: 1, items: [coreAnswer] }
        : { total: 0, limit: 1000, page: p?.page ?? 1, items: [] };
    rpc.answers.getAccountInfo = ([key, config]) =>
      key === CORE_OWNER
        ? {
            context: { slot: 341197933 },
            value: {
              data: ['', 'base64'],
              executable: false,
              lamports: 1,
              owner: '11111111111111111111111111111111',
              rentEpoch: 0,
              space: 0,
            },
          }
        : base.getAccountInfo([key, config]);
    const r = await s.get(`/api/rent-estimate/${CORE_OWNER}?useAccurateCalculator=true`);
    expect(r.status).toBe(200);
    expect(r.json.data.coreAssetsScan).toBe('ok');
    expect(coreCalls(rpc)).toHaveLength(0);
    // The DAS id was read on chain (the replay has no such account, so it adds nothing: no figure from DAS alone).
    const read = rpc.seen.filter((q) => q.method === 'getMultipleAccounts').flatMap((q) => q.params[0] as string[]);
    expect(read).toContain(coreAnswer.id);
    expect(r.json.data.nftAccounts).toBe(0);
    expect(r.json.data.nftRentsLamports).toEqual({});
  });
});
