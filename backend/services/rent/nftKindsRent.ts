// The NFT part of the rent estimate, exact per kind (PRODUCT difference 12): the same reading the burn itself uses
// (src/chain/nftBurnPlan.ts), so the estimate equals what the burns return — pNFT = token account + metadata + master
// edition + token record (its token account is always frozen and still counted); print = token account + metadata +
// edition (+ marker when it will close); Token-2022 NFT like an NFT; Core = rent(size) − rent(1). What the programs
// refuse (a pNFT locked by a delegate, a frozen Core asset) stays out of the total.
import type { Connection } from '@solana/web3.js';
import type { ScanStatus } from '../../../src/common/api/recovery';
import { type PlannedNftBurn, readNftBurns } from '../../../src/chain/nftBurnPlan';
import { PRINT_MASTER_NOT_CHECKED } from '../../../src/chain/nftBurnKinds';
import { dasTokenAccountsOfMint } from '../../../src/chain/masterHolder';
import { coreAssetsOf } from './coreAssets';
import type { DasClient } from '../das/das';
import type { ScannedTokenAccount } from '../vacant/vacantScan';

export interface NftBurnsEstimate {
  burns: PlannedNftBurn[];
  /** Whether the provider answered the Core asset lookup (`refused`: Core assets are not in the figures). */
  coreScan: ScanStatus;
  /** `refused` when a print's master could not be looked up on this provider: those prints are left out entirely. */
  printScan: ScanStatus;
  /** The token accounts of those prints, kept out of the token figures too (burning them as tokens is not the plan). */
  uncheckedAccounts: string[];
}

/** Full burns the owner can make now, among single-unit token accounts (frozen ones included) and Core assets. */
export async function nftBurnsForEstimate(
  connection: Connection,
  das: DasClient | undefined,
  owner: string,
  accounts: ScannedTokenAccount[],
): Promise<NftBurnsEstimate> {
  const singles = accounts
    .filter((a) => a.amount === 1n && a.nativeReserve === null)
    .map((a) => ({ mint: a.mint, tokenAccount: a.address, name: '' }));
  const core = await coreAssetsOf(das, connection, owner);
  // A print's master holder: DAS first, read back from the chain (src/chain/masterHolder.ts).
  const masterHolders = das && dasTokenAccountsOfMint((m, p) => das.call(m, p));
  const { planned, skipped } = await readNftBurns(connection, owner, [...singles, ...core.assets], { masterHolders });
  const unchecked = new Set(skipped.filter((s) => s.reason === PRINT_MASTER_NOT_CHECKED).map((s) => s.mint));
  // Only the program's full burns are NFTs; a single-unit token without metadata + edition stays a token.
  return {
    burns: planned.filter((p) => p.full),
    coreScan: core.scan,
    printScan: unchecked.size > 0 ? 'refused' : 'ok',
    uncheckedAccounts: singles.filter((s) => unchecked.has(s.mint)).map((s) => s.tokenAccount),
  };
}
