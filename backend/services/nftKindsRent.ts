// The NFT part of the rent estimate, exact per kind (PRODUCT difference 12): the same reading the burn itself uses
// (src/chain/nftBurnPlan.ts), so the estimate equals what the burns return — pNFT = token account + metadata + master
// edition + token record (its token account is always frozen and still counted); print = token account + metadata +
// edition (+ marker when it will close); Token-2022 NFT like an NFT; Core = rent(size) − rent(1). What the programs
// refuse (a pNFT locked by a delegate, a frozen Core asset) stays out of the total.
import bs58 from 'bs58';
import { type Connection, PublicKey } from '@solana/web3.js';
import { MPL_CORE_PROGRAM } from '../../src/common/addresses';
import { type NftBurnRequestItem, type PlannedNftBurn, readNftBurns } from '../../src/chain/nftBurnPlan';
import type { ScannedTokenAccount } from './vacantScan';

const CORE_ASSET_V1 = 1; // mpl-core Key::AssetV1; the owner follows at byte 1

/** The wallet's Metaplex Core assets (getProgramAccounts on Core: key AssetV1, owner at offset 1). */
async function coreAssetsOf(connection: Connection, owner: string): Promise<NftBurnRequestItem[]> {
  const found = await connection.getProgramAccounts(new PublicKey(MPL_CORE_PROGRAM), {
    commitment: 'confirmed',
    dataSlice: { offset: 0, length: 0 },
    filters: [{ memcmp: { offset: 0, bytes: bs58.encode([CORE_ASSET_V1]) } }, { memcmp: { offset: 1, bytes: owner } }],
  });
  return found.map((f) => ({ mint: f.pubkey.toBase58(), name: '' }));
}

/** Full burns the owner can make now, among single-unit token accounts (frozen ones included) and Core assets. */
export async function nftBurnsForEstimate(
  connection: Connection,
  owner: string,
  accounts: ScannedTokenAccount[],
): Promise<PlannedNftBurn[]> {
  const singles = accounts
    .filter((a) => a.amount === 1n && a.nativeReserve === null)
    .map((a) => ({ mint: a.mint, tokenAccount: a.address, name: '' }));
  const core = await coreAssetsOf(connection, owner).catch(() => []); // a node without Core indexing: no Core assets
  const { planned } = await readNftBurns(connection, owner, [...singles, ...core]);
  // Only the program's full burns are NFTs; a single-unit token without metadata + edition stays a token.
  return planned.filter((p) => p.full);
}
