// Rent estimate from the wallet's real accounts: every figure is a sum of on-chain lamports, never a constant
// (the per-account averages of a wallet that has no such account are the chain's own minimums for those sizes).
import { type Connection, PublicKey } from '@solana/web3.js';
import type { PlannedNftBurn } from '../../../src/chain/nftBurnPlan';
import { nftBurnsForEstimate } from './nftKindsRent';
import { TOKEN_METADATA_PROGRAM } from '../../../src/common/addresses';
import { LAMPORTS_PER_SOL } from '../../../src/common/constants';
import type { RentEstimateData } from '../../../src/common/api';
import type { ScanStatus } from '../../../src/common/api/recovery';
import type { DasClient } from '../das/das';
import type { RpcClient } from '../rpc/rpc';
import type { RentStepForecast } from '../../../src/chain/rentAhead';
import { scanSurplusAndAhead, sumSurplus } from '../vacant/surplus';
import { classifyVacant, scanTokenAccounts, sumLamports, type ScannedTokenAccount } from '../vacant/vacantScan';

export interface RentEstimateLamports {
  totalRentEstimate: number;
  rentPerAccount: number;
  nftRentPerAsset: number;
  nftAccounts: number;
  tokenAccounts: number;
  vacantAccounts: number;
  breakdown: { nftRent: number; tokenRent: number; vacantRent: number };
  avgVacantRent: number;
  /** Exact return of each NFT's full burn, by mint / Core asset address (PRODUCT difference 12). */
  nftRents?: Record<string, number>;
  /** Σ(lamports − today's minimum) over kept token accounts and mints the wallet controls (PRODUCT difference 13). */
  surplusRent: number;
  surplusAccounts: number;
  /** What the kept accounts would hold above the minimum at each SIMD-0437 step to come: a forecast, not in any total. */
  rentAhead: RentStepForecast[];
  /** `refused`: the provider answered neither DAS nor getProgramAccounts for Core assets (not counted, not zero). */
  coreScan?: ScanStatus;
  /** `refused`: a print's master lookup was refused; such prints are in none of the figures (not a zero). */
  printScan?: ScanStatus;
}

// Sizes the fallbacks are the chain's minimum for: an SPL token account, Token Metadata's metadata and master edition.
const TOKEN_ACCOUNT_SIZE = 165;
const METADATA_SIZE = 679;
const MASTER_EDITION_SIZE = 282;

async function minimum(rpc: RpcClient, bytes: number): Promise<number> {
  return rpc.call<number>('getMinimumBalanceForRentExemption', [bytes]);
}

const METADATA_PROGRAM = new PublicKey(TOKEN_METADATA_PROGRAM);
const MAX_KEYS_PER_CALL = 100; // getMultipleAccounts limit of public RPC nodes

// A PDA costs ~1 ms of CPU (the curve check); a wallet with hundreds of NFTs asks again after every burn.
const pdaCache = new Map<string, { metadata: string; edition: string }>();
const PDA_CACHE_MAX = 100_000;

export function metadataPdas(mint: string): { metadata: string; edition: string } {
  const cached = pdaCache.get(mint);
  if (cached) return cached;
  const seeds = [Buffer.from('metadata'), METADATA_PROGRAM.toBuffer(), new PublicKey(mint).toBuffer()];
  const [metadata] = PublicKey.findProgramAddressSync(seeds, METADATA_PROGRAM);
  const [edition] = PublicKey.findProgramAddressSync([...seeds, Buffer.from('edition')], METADATA_PROGRAM);
  const pdas = { metadata: metadata.toBase58(), edition: edition.toBase58() };
  if (pdaCache.size >= PDA_CACHE_MAX) pdaCache.clear();
  pdaCache.set(mint, pdas);
  return pdas;
}

/** Lamports of each address owned by Token Metadata (null when missing or owned by another program). */
async function metadataLamports(rpc: RpcClient, addresses: string[]): Promise<(number | null)[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < addresses.length; i += MAX_KEYS_PER_CALL) chunks.push(addresses.slice(i, i + MAX_KEYS_PER_CALL));
  const results = await Promise.all(
    chunks.map((keys) =>
      rpc.call<{ value: ({ lamports: number; owner: string } | null)[] }>('getMultipleAccounts', [
        keys,
        { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, commitment: 'confirmed' },
      ]),
    ),
  );
  return results.flatMap((r) => r.value.map((a) => (a && a.owner === TOKEN_METADATA_PROGRAM ? a.lamports : null)));
}

export async function estimateRent(
  rpc: RpcClient,
  owner: string,
  connection?: Connection,
  das?: DasClient,
): Promise<RentEstimateLamports | null> {
  const [accounts, ownerInfo] = await Promise.all([
    scanTokenAccounts(rpc, owner),
    rpc.call<{ value: unknown | null }>('getAccountInfo', [
      owner,
      { encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
    ]),
  ]);
  if (!ownerInfo?.value && accounts.length === 0) return null; // nothing on chain under this address

  const { vacant } = classifyVacant(accounts, owner);
  // Burnable holdings: a positive balance, not frozen, not wrapped SOL (closing that returns the SOL, not rent).
  const held = accounts.filter((a) => a.amount > 0n && !a.frozen && a.nativeReserve === null);
  // PRODUCT difference 12: with a Connection, NFTs of every kind are read as their burns will read them (nftKindsRent.ts).
  if (connection) {
    const { burns, coreScan, printScan, uncheckedAccounts } = await nftBurnsForEstimate(
      connection,
      das,
      owner,
      accounts,
    );
    const kept = held.filter((a) => !uncheckedAccounts.includes(a.address));
    return { ...(await withKinds(rpc, owner, accounts, kept, vacant, burns)), coreScan, printScan };
  }
  const nftCandidates = held.filter((a) => a.amount === 1n);
  const pdas = nftCandidates.map((a) => metadataPdas(a.mint));
  const lamports = await metadataLamports(
    rpc,
    pdas.flatMap((p) => [p.metadata, p.edition]),
  );

  const nfts: { token: ScannedTokenAccount; rent: number }[] = [];
  const nftAddresses = new Set<string>();
  nftCandidates.forEach((token, i) => {
    const [meta, edition] = [lamports[2 * i], lamports[2 * i + 1]];
    // A master edition means supply 1 / decimals 0 and a full burn (burnV1) that also returns metadata + edition.
    if (meta !== null && edition !== null) {
      nfts.push({ token, rent: token.lamports + meta + edition });
      nftAddresses.add(token.address);
    }
  });
  const tokens = held.filter((a) => !nftAddresses.has(a.address));

  return summarise(
    rpc,
    owner,
    accounts,
    tokens,
    nfts.map((n) => n.rent),
    vacant,
  );
}

async function withKinds(
  rpc: RpcClient,
  owner: string,
  accounts: ScannedTokenAccount[],
  held: ScannedTokenAccount[],
  vacant: { lamports: number }[],
  burns: PlannedNftBurn[],
): Promise<RentEstimateLamports> {
  const burned = new Set(burns.map((b) => b.tokenAccount).filter(Boolean));
  const tokens = held.filter((a) => !burned.has(a.address));
  const estimate = await summarise(
    rpc,
    owner,
    accounts,
    tokens,
    burns.map((b) => b.rentLamports),
    vacant,
  );
  return { ...estimate, nftRents: Object.fromEntries(burns.map((b) => [b.mint, b.rentLamports])) };
}

/** Sums what each part returns; a wallet without such accounts gets the chain's own minimums as its averages. */
async function summarise(
  rpc: RpcClient,
  owner: string,
  accounts: ScannedTokenAccount[],
  tokens: ScannedTokenAccount[],
  nftReturns: number[],
  vacant: { lamports: number }[],
): Promise<RentEstimateLamports> {
  const nftRent = nftReturns.reduce((s, n) => s + n, 0);
  const tokenRent = sumLamports(tokens);
  const vacantRent = sumLamports(vacant);
  const [{ surplus, ahead }, tokenMinimum, metadataMinimum, editionMinimum] = await Promise.all([
    scanSurplusAndAhead(rpc, owner, accounts),
    minimum(rpc, TOKEN_ACCOUNT_SIZE),
    minimum(rpc, METADATA_SIZE),
    minimum(rpc, MASTER_EDITION_SIZE),
  ]);
  return {
    totalRentEstimate: nftRent + tokenRent + vacantRent,
    rentPerAccount: tokens.length ? Math.floor(tokenRent / tokens.length) : tokenMinimum,
    nftRentPerAsset: nftReturns.length
      ? Math.floor(nftRent / nftReturns.length)
      : tokenMinimum + metadataMinimum + editionMinimum,
    nftAccounts: nftReturns.length,
    tokenAccounts: tokens.length,
    vacantAccounts: vacant.length,
    breakdown: { nftRent, tokenRent, vacantRent },
    avgVacantRent: vacant.length ? Math.floor(vacantRent / vacant.length) : tokenMinimum,
    surplusRent: sumSurplus(surplus),
    surplusAccounts: surplus.length,
    rentAhead: ahead,
  };
}

const sol = (lamports: number): number => lamports / LAMPORTS_PER_SOL;

/**
 * The spec's fields in SOL (display), each with an exact integer twin `<field>Lamports`.
 * Counts are plain integers.
 */
export function toRentEstimateResponse(e: RentEstimateLamports): RentEstimateData {
  return {
    totalRentEstimate: sol(e.totalRentEstimate),
    totalRentEstimateLamports: e.totalRentEstimate,
    rentPerAccount: sol(e.rentPerAccount),
    rentPerAccountLamports: e.rentPerAccount,
    nftRentPerAsset: sol(e.nftRentPerAsset),
    nftRentPerAssetLamports: e.nftRentPerAsset,
    nftAccounts: e.nftAccounts,
    tokenAccounts: e.tokenAccounts,
    vacantAccounts: e.vacantAccounts,
    breakdown: {
      nftRent: sol(e.breakdown.nftRent),
      nftRentLamports: e.breakdown.nftRent,
      tokenRent: sol(e.breakdown.tokenRent),
      tokenRentLamports: e.breakdown.tokenRent,
      vacantRent: sol(e.breakdown.vacantRent),
      vacantRentLamports: e.breakdown.vacantRent,
    },
    actualBalances: { avgVacantRent: sol(e.avgVacantRent), avgVacantRentLamports: e.avgVacantRent },
    ...(e.nftRents ? { nftRentsLamports: e.nftRents } : {}),
    surplusRent: sol(e.surplusRent),
    surplusRentLamports: e.surplusRent,
    surplusAccounts: e.surplusAccounts,
    rentAheadLamports: e.rentAhead,
    ...(e.coreScan ? { coreAssetsScan: e.coreScan } : {}),
    ...(e.printScan ? { printEditionsScan: e.printScan } : {}),
  };
}
