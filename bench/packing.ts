// Packing: how many closes / burn+close pairs the app puts in one transaction, against the most that fit in 1232
// bytes with the same compute-budget and fee instructions once a wallet's guard has added its own (the headroom
// limit: src/chain/walletAdditions.ts), measured by adding one more until it would not fit. The bare 1232-byte limit
// (no wallet additions) is measured beside it.
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { computeBudgetIxs } from '../src/chain/computeBudget';
import { bulkBurnComputeUnits } from '../src/chain/fees';
import { measureTransactionSize, packTransactions, sizeAfterWalletAdditions } from '../src/chain/pack';
import { burnAndCloseIxs } from '../src/chain/tokenInstructions';
import { TRANSACTION_SIZE_LIMIT_BYTES } from '../src/common/constants';
import { isBurnable } from '../src/features/assets/tokens/tokenModel';
import { type Bench, post } from './support';

export const PEERS = [
  { name: "spec's bulk burn", perTransaction: 8 },
  { name: 'open-source reclaim tool A', perTransaction: 20 },
  { name: 'open-source reclaim tool B', perTransaction: 27 },
];

/**
 * Most groups that fit after `prefix` and before `suffix` in one legacy transaction, its size measured by `size`:
 * by default as a wallet's guard sends it (the limit every packer keeps to); `measureTransactionSize` for the bare one.
 */
export function measureLimit(
  payer: string,
  prefix: TransactionInstruction[],
  groups: TransactionInstruction[][],
  suffix: TransactionInstruction[],
  size: (tx: Transaction) => number = sizeAfterWalletAdditions,
): number {
  const feePayer = new PublicKey(payer);
  const recentBlockhash = PublicKey.default.toBase58();
  for (let k = 1; k <= groups.length; k++) {
    const tx = new Transaction({ feePayer, recentBlockhash }).add(...prefix, ...groups.slice(0, k).flat(), ...suffix);
    if (size(tx) > TRANSACTION_SIZE_LIMIT_BYTES) return k - 1;
  }
  throw new Error(`all ${groups.length} groups fit one transaction; give the limit search more groups`);
}

const isBudget = (ix: TransactionInstruction) => ix.programId.equals(ComputeBudgetProgram.programId);
const isSystem = (ix: TransactionInstruction) => ix.programId.equals(SystemProgram.programId);

export interface PackingResult {
  closes: {
    accounts: number;
    transactions: number;
    perTransaction: number[];
    maxBytes: number;
    /** The fullest transaction once a wallet's guard added its instructions (≤ 1232). */
    maxBytesWithAdditions: number;
    /** Most that fit with room for a wallet's additions: the limit the ratio is taken against. */
    limit: number;
    /** Most that fit the bare 1232 bytes with the same instructions, no room for a wallet's additions. */
    packetLimit: number;
    /** The same without compute-budget and fee instructions (what a tool that sends neither fits). */
    bareLimit: number;
    ratio: number;
    fewestTransactions: number;
    peers: { name: string; perTransaction: number; transactions: number; approvals: number }[];
  };
  burnPairs: {
    tokens: number;
    transactions: number;
    perTransaction: number[];
    limit: number;
    packetLimit: number;
    ratio: number;
    fewestTransactions: number;
  };
}

/** Closes: what the server's prepare-burn-transactions answers for the wallet's vacant accounts. */
async function closes(b: Bench, owner: string): Promise<PackingResult['closes']> {
  const res = await post(b, 'prepare-burn-transactions', { ownerAddress: owner });
  if (!res.success) throw new Error(`prepare-burn-transactions: ${res.error}`);
  const txs = (res.transactions as string[]).map((t) => Transaction.from(Buffer.from(t, 'base64')));
  const perTransaction: number[] = res.accountCounts;
  const accounts = perTransaction.reduce((a, c) => a + c, 0);
  // The fullest transaction's own compute-budget and fee instructions; its groups plus the others' as candidates.
  const fullest = txs[perTransaction.indexOf(Math.max(...perTransaction))];
  const prefix = fullest.instructions.filter(isBudget);
  const suffix = fullest.instructions.filter(isSystem);
  const groups = txs.flatMap((tx) => {
    const body = tx.instructions.filter((ix) => !isBudget(ix) && !isSystem(ix));
    // A harvest (Token-2022 withheld fees) travels with the close after it: one group.
    const out: TransactionInstruction[][] = [];
    for (let i = 0; i < body.length; i++) {
      if (body[i].data[0] === 26 && i + 1 < body.length) out.push([body[i], body[++i]]);
      else out.push([body[i]]);
    }
    return out;
  });
  const limit = measureLimit(owner, prefix, groups, suffix);
  const maxBytes = Math.max(...txs.map((tx) => measureTransactionSize(tx)));
  return {
    accounts,
    transactions: txs.length,
    perTransaction,
    maxBytes,
    maxBytesWithAdditions: Math.max(...txs.map((tx) => sizeAfterWalletAdditions(tx))),
    limit,
    packetLimit: measureLimit(owner, prefix, groups, suffix, measureTransactionSize),
    bareLimit: measureLimit(owner, [], groups, [], measureTransactionSize),
    ratio: Math.max(...perTransaction) / limit,
    fewestTransactions: Math.ceil(accounts / limit),
    peers: PEERS.map((p) => ({
      ...p,
      transactions: Math.ceil(accounts / p.perTransaction),
      approvals: Math.ceil(accounts / p.perTransaction),
    })),
  };
}

/** Burn+close pairs: the page's bulk burn packing (src/features/burn/burn/bulkTokenBurn.ts) over the wallet's tokens. */
function burnPairs(owner: string, manifest: any, count: number): PackingResult['burnPairs'] {
  const tokens = (manifest.tokens as any[])
    .filter((t) => isBurnable({ balance: t.amount, decimals: t.decimals }))
    .slice(0, count);
  const groups = tokens.map((t) =>
    burnAndCloseIxs({
      owner,
      account: t.account,
      mint: t.mint,
      amount: t.amount,
      decimals: t.decimals,
      programId: t.program,
    }),
  );
  const packed = packTransactions({
    payer: owner,
    recentBlockhash: PublicKey.default.toBase58(),
    groups,
    prefix: (n) => computeBudgetIxs(bulkBurnComputeUnits(n), 1),
  });
  const perTransaction = packed.map((p) => p.groupIndexes.length);
  const budget = computeBudgetIxs(bulkBurnComputeUnits(5), 1);
  const limit = measureLimit(owner, budget, groups, []);
  return {
    tokens: tokens.length,
    transactions: packed.length,
    perTransaction,
    limit,
    packetLimit: measureLimit(owner, budget, groups, [], measureTransactionSize),
    ratio: Math.max(...perTransaction) / limit,
    fewestTransactions: Math.ceil(tokens.length / limit),
  };
}

export async function measurePacking(b: Bench, owner: string, manifest: any): Promise<PackingResult> {
  return { closes: await closes(b, owner), burnPairs: burnPairs(owner, manifest, 50) };
}
