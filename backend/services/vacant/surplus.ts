// Surplus rent (PRODUCT difference 13): the surplus recovery source (src/chain/recovery/sources/surplus/) read
// for the rent estimate and the empty-account flow's `withdrawSurplus`, with the chain's rent minimum per size.
import { lamportsPerByteOf, rentAhead, type RentStepForecast } from '../../../src/chain/rentAhead';
import {
  findSurplus,
  keptAccounts,
  surplusAbove,
  type SurplusAccount,
} from '../../../src/chain/recovery/sources/surplus/source';
import type { RpcClient } from '../rpc/rpc';
import type { ScannedTokenAccount } from './vacantScan';

export type { SurplusAccount } from '../../../src/chain/recovery/sources/surplus/source';
export { sumSurplus } from '../../../src/chain/recovery/sources/surplus/source';

/**
 * Accounts the user keeps that hold more than today's minimum: every token account of the wallet that the vacant
 * recovery does not close (not wrapped SOL), and every mint whose mint authority is the wallet.
 */
export function scanSurplus(rpc: RpcClient, owner: string, accounts: ScannedTokenAccount[]): Promise<SurplusAccount[]> {
  return findSurplus(rpc, owner, accounts, (bytes) => rentMinimum(rpc, bytes));
}

const rentMinimum = (rpc: RpcClient, bytes: number) => rpc.call<number>('getMinimumBalanceForRentExemption', [bytes]);

/**
 * Today's surplus and the forecast for each SIMD-0437 step still to come (src/chain/rentAhead.ts), from one scan of
 * the kept accounts: the forecast is never part of what can come back now.
 */
export async function scanSurplusAndAhead(
  rpc: RpcClient,
  owner: string,
  accounts: ScannedTokenAccount[],
): Promise<{ surplus: SurplusAccount[]; ahead: RentStepForecast[] }> {
  const [kept, emptyMinimum] = await Promise.all([keptAccounts(rpc, owner, accounts), rentMinimum(rpc, 0)]);
  const sizes = [...new Set(kept.map((a) => a.space))];
  const values = await Promise.all(sizes.map((bytes) => rentMinimum(rpc, bytes)));
  const minimums = new Map(sizes.map((size, i) => [size, values[i]]));
  return {
    surplus: surplusAbove(kept, (space) => minimums.get(space)!),
    ahead: rentAhead(kept, lamportsPerByteOf(emptyMinimum)),
  };
}
