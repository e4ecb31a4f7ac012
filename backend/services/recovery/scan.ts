// GET /api/recoverable: every recovery source's scan (src/chain/recovery/registry.ts), side by side. A scan the
// provider refuses (-32010 "excluded from account secondary indexes", a plan without getProgramAccounts, a time-out)
// is reported `refused` for its kind, never a silent zero and never a 5xx (docs/UPSTREAM.md, recovery scans).
import type { Logger } from 'pino';
import type { RecoverableSource, RecoveryKind, ScanStatus } from '../../../src/common/api/recovery';
import { sourcesOfFlow } from '../../../src/chain/recovery/registry';
import { readSlotHashes, SYSVAR_SLOT_HASHES } from '../../../src/chain/recovery/layouts';
import type { RecoverySource, ScanContext } from '../../../src/chain/recovery/source';
import { recoveryDetailText } from '../../../src/common/texts/recoverySourceTexts';
import { measuredSlotMs, PERFORMANCE_SAMPLES, type PerformanceSample } from '../../../src/chain/recovery/slotTime';
import type { RpcClient } from '../rpc/rpc';
import { scanTokenAccounts } from '../vacant/vacantScan';

export interface RecoveryScan {
  sources: RecoverableSource[];
  scans: Partial<Record<RecoveryKind, ScanStatus>>;
  slot: number;
  /** Measured milliseconds per slot (recent performance samples); null when the node gave none. */
  slotMs: number | null;
}

/** The shared reads of one scan: epoch and slot once, rent minimums by size and the slot hashes on first use. */
export async function scanContext(rpc: RpcClient, owner: string): Promise<ScanContext> {
  const info = await rpc.call<{ epoch: number; absoluteSlot: number }>('getEpochInfo', [{ commitment: 'confirmed' }]);
  const minimums = new Map<number, Promise<bigint>>();
  let slotHashes: Promise<bigint[]> | null = null;
  let tokenAccounts: ReturnType<typeof scanTokenAccounts> | null = null;
  return {
    rpc,
    owner,
    tokenAccounts() {
      tokenAccounts ??= scanTokenAccounts(rpc, owner);
      return tokenAccounts;
    },
    epoch: BigInt(info.epoch),
    slot: info.absoluteSlot,
    rentMinimum(bytes) {
      if (!minimums.has(bytes))
        minimums.set(
          bytes,
          rpc.call<number>('getMinimumBalanceForRentExemption', [bytes, { commitment: 'confirmed' }]).then(BigInt),
        );
      return minimums.get(bytes)!;
    },
    slotHashes() {
      slotHashes ??= rpc
        .call<{ value: { data: [string, string] } | null }>('getAccountInfo', [
          SYSVAR_SLOT_HASHES,
          { encoding: 'base64', commitment: 'confirmed' },
        ])
        .then((r) => (r?.value ? readSlotHashes(Buffer.from(r.value.data[0], 'base64')) : []));
      return slotHashes;
    },
  };
}

export async function scanRecoverable(
  rpc: RpcClient,
  owner: string,
  logger?: Pick<Logger, 'warn'>,
  // GET /api/recoverable lists "More SOL in your wallet": the empty accounts and the surplus have their own flow.
  sources: readonly RecoverySource[] = sourcesOfFlow('recover'),
): Promise<RecoveryScan> {
  const ctx = await scanContext(rpc, owner);
  // Only the tables' "about N min" uses it: a node that refuses it leaves the page saying what it assumed.
  const slotMs = rpc
    .call<PerformanceSample[]>('getRecentPerformanceSamples', [PERFORMANCE_SAMPLES])
    .then((samples) => (Array.isArray(samples) ? measuredSlotMs(samples) : null))
    .catch(() => null);
  const results = await Promise.all(
    sources.map(async (source) => {
      try {
        // The scan says what it found in figures; the answer carries it in words (src/chain imports no texts).
        const items = (await source.scan(ctx)).map((item) => ({
          ...item,
          detail: recoveryDetailText(item.kind, item.detail),
        }));
        return { kind: source.kind, status: 'ok' as ScanStatus, items };
      } catch (err) {
        logger?.warn(
          { kind: source.kind, calls: source.scanCalls, err: (err as Error).message },
          'recovery scan refused',
        );
        return { kind: source.kind, status: 'refused' as ScanStatus, items: [] };
      }
    }),
  );
  return {
    sources: results.flatMap((r) => r.items),
    scans: Object.fromEntries(results.map((r) => [r.kind, r.status])),
    slot: ctx.slot,
    slotMs: await slotMs,
  };
}
