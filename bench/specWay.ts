// The spec's way of getting token metadata (docs/PRODUCT.md#loading: one /api/token-metadata request per mint, 3 in flight) against
// ours (one /api/wallet-tokens request that carries metadata fetched in batches), on the same large wallet, same run.
import { type Bench, get } from './support';

export interface WayResult {
  pageRequests: number;
  ms: number;
  upstreamRequests: number;
  failed: number;
}
export interface SpecWayResult {
  mints: number;
  spec: WayResult;
  ours: WayResult & { withMetadata: number };
}

const IN_FLIGHT = 3;

export async function measureSpecWay(b: Bench, owner: string, mints: string[]): Promise<SpecWayResult> {
  b.upstream.reset();
  let t0 = performance.now();
  const res = await get(b, `wallet-tokens/${owner}`);
  const items: { name?: string }[] = res.tokens ?? res.data ?? [];
  const ours = {
    pageRequests: 1,
    ms: performance.now() - t0,
    upstreamRequests: b.upstream.snapshot().requests,
    failed: res.success === false ? 1 : 0,
    withMetadata: items.filter((t) => t.name).length,
  };

  b.upstream.reset();
  t0 = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < mints.length) {
      const mint = mints[next++];
      const r = await fetch(`${b.url}/api/token-metadata/${mint}`);
      if (!r.ok) failed++;
      await r.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const spec = {
    pageRequests: mints.length,
    ms: performance.now() - t0,
    upstreamRequests: b.upstream.snapshot().requests,
    failed,
  };
  return { mints: mints.length, spec, ours };
}
