// The upstream settings (README, settings), read from the environment and seen working through the real server.
import { loadConfig } from '../../backend/config';
import { truncatedNotice } from '../../backend/services/assets/walletAssets';
import { recordedAnswers, startReplayUpstream } from '../support/replayUpstream';
import { startServer } from './helpers';

it('reads UPSTREAM_TIMEOUT_MS, DAS_MAX_PAGES and LOCALNET_PRIORITY_FEE_FLOOR with their defaults', () => {
  expect(loadConfig({})).toMatchObject({ upstreamTimeoutMs: 30_000, dasMaxPages: 200, localnetPriorityFeeFloor: 0 });
  expect(
    loadConfig({ UPSTREAM_TIMEOUT_MS: '5000', DAS_MAX_PAGES: '3', LOCALNET_PRIORITY_FEE_FLOOR: '25000' }),
  ).toMatchObject({
    upstreamTimeoutMs: 5000,
    dasMaxPages: 3,
    localnetPriorityFeeFloor: 25_000,
  });
  expect(() => loadConfig({ DAS_MAX_PAGES: '0' })).toThrow(/DAS_MAX_PAGES/);
});

it('DAS_MAX_PAGES cuts a listing short with truncated: true and a notice', async () => {
  const answers = recordedAnswers();
  const owner = 'GqPnSDXwp4JFtKS7YZ2HERgBbYLKpKVYy9TpVunzLRa9';
  // Every page full: 1000 compressed assets each (a wallet that never ends within the bound).
  answers.getAssetsByOwner = (p: { page: number }) => ({
    total: 1000,
    limit: 1000,
    page: p.page,
    items: Array.from({ length: 1000 }, (_, i) => ({
      id: `c${p.page}-${i}`,
      interface: 'V1_NFT',
      compression: { compressed: true, tree: 't', leaf_id: i },
    })),
  });
  const up = await startReplayUpstream(answers);
  const s = await startServer({ SOLANA_RPC_URL: up.url, DAS_URL: up.url, DAS_MAX_PAGES: '2' });
  try {
    const r = await s.get(`/api/helius/wallet/nfts/${owner}`);
    expect(r.status).toBe(200);
    expect(r.json.data.compressedNfts).toHaveLength(2000);
    expect([r.json.truncated, r.json.notice]).toEqual([true, truncatedNotice(2000)]);
    expect(up.seen.filter((q) => q.method === 'getAssetsByOwner').map((q) => q.params.page)).toEqual([1, 2]);
  } finally {
    await s.close();
    await up.close();
  }
});

it('LOCALNET_PRIORITY_FEE_FLOOR makes the local chain report a busy network through /api/rpc', async () => {
  const s = await startServer({ LOCALNET_PRIORITY_FEE_FLOOR: '25000' });
  try {
    const r = await s.post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'getRecentPrioritizationFees', params: [] });
    expect(r.json.result.length).toBeGreaterThan(0);
    expect(new Set(r.json.result.map((f: { prioritizationFee: number }) => f.prioritizationFee))).toEqual(
      new Set([25_000]),
    );
  } finally {
    await s.close();
  }
});
