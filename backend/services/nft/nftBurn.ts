// POST /api/batch-burn-nft: builds full burns (Token Metadata burnV1 → token account, metadata and master edition
// back to the owner) or, where the program or the NFT's metadata/edition is missing, SPL burn + close. Each
// transaction carries the 1 % fee of its own rent, so every transaction stands alone in front of the client's guard.
// All figures are lamports read from the accounts (src/chain/nftBurnPlan.ts, shared with the browser).
import { type Connection, Keypair, PublicKey } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { bulkBurnComputeUnits, priorityFeeFromRecent, serviceFee } from '../../../src/chain/fees';
import { packTransactions, transactionToBase64 } from '../../../src/chain/pack';
import {
  type NftBurnKind,
  type NftBurnRequestItem,
  type PlannedNftBurn,
  type SkippedNft,
  burnAllowedAccounts,
  keepMarkersWhole,
  nftBurnIxs,
  readNftBurns,
} from '../../../src/chain/nftBurnPlan';
import { dasTokenAccountsOfMint } from '../../../src/chain/masterHolder';
import { MAX_PRIORITY_FEE_ACCOUNTS } from '../../../src/common/constants';
import type { DasClient } from '../das/das';

export interface NftBurnPlan {
  transactions: string[];
  /** How many NFT burns fit in one transaction (measured). */
  maxBatchSize: number;
  totalRentRecovered: number;
  totalFee: number;
  processedNFTs: {
    mint: string;
    name: string;
    tokenAccount?: string;
    rentLamports: number;
    full: boolean;
    kind: NftBurnKind;
  }[];
  skipped: SkippedNft[];
  computeUnitPrice: number;
}

export class NoValidNftsError extends Error {
  name = 'NoValidNftsError';
}

/**
 * A transfer into an account that does not exist must fund it rent-exempt, or the runtime refuses the whole
 * transaction. Rather than fail the burn (or charge more than 1 %), a fee below that minimum is waived.
 */
async function smallestPayableFee(connection: Connection, feeWallet: string): Promise<number> {
  const info = await connection.getAccountInfo(new PublicKey(feeWallet), 'confirmed');
  if (info && info.lamports > 0) return 1;
  return connection.getMinimumBalanceForRentExemption(0);
}

/**
 * The NFTs' indexes in the units packed whole: prints of one edition marker together (at most `perUnit`), every other
 * NFT alone, in request order by each unit's first NFT. The burn that empties a marker closes it, and the page's guard
 * simulates each transaction on its own against the chain as it is (src/chain/chainGuard.ts): only a transaction
 * holding the marker's prints closes it there as the plan counts it. Their order among themselves is kept, so the
 * same print closes it (src/chain/nftBurnPlan.ts, settleMarkers).
 */
function burnUnits(nfts: PlannedNftBurn[], perUnit: number): number[][] {
  const units: number[][] = [];
  const byMarker = new Map<string, number[]>();
  nfts.forEach((n, i) => {
    const marker = n.print?.marker;
    const unit = marker ? byMarker.get(marker) : undefined;
    if (unit && unit.length < perUnit) {
      unit.push(i);
      return;
    }
    units.push([i]);
    if (marker) byMarker.set(marker, units[units.length - 1]);
  });
  return units;
}

function packNftBurns(
  owner: string,
  feeWallet: string,
  nfts: PlannedNftBurn[],
  blockhash: string,
  price: number,
  minFee: number,
  units: number[][] = nfts.map((_, i) => [i]),
) {
  const nftsOf = (indexes: number[]) => indexes.flatMap((u) => units[u]);
  return packTransactions({
    payer: owner,
    recentBlockhash: blockhash,
    groups: units.map((u) => u.flatMap((i) => nftBurnIxs(owner, nfts[i]))),
    prefix: (_count, indexes) => computeBudgetIxs(bulkBurnComputeUnits(nftsOf(indexes).length), price),
    // The fee goes last: by then the burns have credited the owner.
    suffix: (indexes) =>
      feeTransferIxs(
        owner,
        feeWallet,
        feeOf(
          nftsOf(indexes).map((i) => nfts[i]),
          minFee,
        ),
      ),
  }).map((p) => ({ ...p, groupIndexes: nftsOf(p.groupIndexes) }));
}

function feeOf(nfts: PlannedNftBurn[], minFee: number): number {
  const fee = serviceFee(nfts.reduce((sum, n) => sum + n.rentLamports, 0));
  return fee >= minFee ? fee : 0;
}

/** How many burns like `sample` fit one transaction: packs synthetic NFTs of the same shape (fresh keys). */
function measureMaxBatchSize(
  owner: string,
  feeWallet: string,
  sample: PlannedNftBurn,
  blockhash: string,
  price: number,
) {
  // Packed as if a fee is paid (minimum 1): the transfer's bytes count even when this request's fee is waived.
  const fakes = Array.from({ length: 16 }, () => ({
    ...sample,
    mint: Keypair.generate().publicKey.toBase58(),
    tokenAccount: Keypair.generate().publicKey.toBase58(),
  }));
  return packNftBurns(owner, feeWallet, fakes, blockhash, price, 1)[0].groupIndexes.length;
}

export async function planNftBurn(
  connection: Connection,
  opts: { owner: string; feeWallet: string; nfts: NftBurnRequestItem[]; das?: DasClient },
): Promise<NftBurnPlan> {
  // A print's master holder: DAS first, read back from the chain (src/chain/masterHolder.ts).
  const masterHolders = opts.das && dasTokenAccountsOfMint((m, p) => opts.das!.call(m, p));
  const read = await readNftBurns(connection, opts.owner, opts.nfts, { masterHolders });
  if (read.planned.length === 0) throw new NoValidNftsError('No valid NFTs found to burn');
  const [{ blockhash }, recentFees, minFee] = await Promise.all([
    connection.getLatestBlockhash('confirmed'),
    // The price of a transaction writing these NFTs' accounts (the fee market they are in, zeros included).
    connection
      .getRecentPrioritizationFees({
        lockedWritableAccounts: read.planned
          .flatMap(burnAllowedAccounts)
          .slice(0, MAX_PRIORITY_FEE_ACCOUNTS)
          .map((a) => new PublicKey(a)),
      })
      .catch(() => []),
    smallestPayableFee(connection, opts.feeWallet),
  ]);
  const price = priorityFeeFromRecent(recentFees);
  const print = read.planned.find((p) => p.print);
  const perUnit = print ? measureMaxBatchSize(opts.owner, opts.feeWallet, print, blockhash, price) : 1;
  const whole = keepMarkersWhole(read.planned, perUnit);
  const planned = whole.planned;
  const skipped = [...read.skipped, ...whole.skipped];
  const units = burnUnits(planned, perUnit);
  const packed = packNftBurns(opts.owner, opts.feeWallet, planned, blockhash, price, minFee, units);
  const totalRentRecovered = planned.reduce((sum, n) => sum + n.rentLamports, 0);
  const totalFee = packed.reduce(
    (sum, p) =>
      sum +
      feeOf(
        p.groupIndexes.map((i) => planned[i]),
        minFee,
      ),
    0,
  );
  return {
    transactions: packed.map((p) => transactionToBase64(p.transaction)),
    maxBatchSize: measureMaxBatchSize(opts.owner, opts.feeWallet, planned[0], blockhash, price),
    totalRentRecovered,
    totalFee,
    processedNFTs: planned.map(({ mint, name, tokenAccount, rentLamports, full, kind }) => ({
      mint,
      name,
      tokenAccount,
      rentLamports,
      full,
      kind,
    })),
    skipped,
    computeUnitPrice: price,
  };
}
