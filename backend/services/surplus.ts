// Surplus rent (PRODUCT difference 13): the surplus recovery source (src/chain/recovery/sources/surplus.ts) read
// for the rent estimate and the empty-account flow's `withdrawSurplus`, with the chain's rent minimum per size.
import { findSurplus, type SurplusAccount } from '../../src/chain/recovery/sources/surplus/source';
import type { RpcClient } from './rpc';
import type { ScannedTokenAccount } from './vacantScan';

export type { SurplusAccount } from '../../src/chain/recovery/sources/surplus/source';
export { sumSurplus } from '../../src/chain/recovery/sources/surplus/source';

/**
 * Accounts the user keeps that hold more than today's minimum: every token account of the wallet that the vacant
 * recovery does not close (not wrapped SOL), and every mint whose mint authority is the wallet.
 */
export function scanSurplus(rpc: RpcClient, owner: string, accounts: ScannedTokenAccount[]): Promise<SurplusAccount[]> {
  return findSurplus(rpc, owner, accounts, (bytes) => rpc.call<number>('getMinimumBalanceForRentExemption', [bytes]));
}
