// Packs instruction groups into as few legacy transactions as fit, by the measured serialized size.
import {
  PublicKey,
  Transaction,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { TRANSACTION_SIZE_LIMIT_BYTES } from '../common/constants';
import { type Address, toPublicKey } from './keys';
import { walletAdditionsBytes } from './walletAdditions';

function shortVecLength(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

/**
 * Serialized size of a transaction once signed: signature count + 64 bytes per required signature + message. The one
 * size measure of the app (packing, cNFT proofs, tests, bench). A legacy transaction without a blockhash yet is
 * measured with a placeholder: every blockhash takes the same 32 bytes.
 */
export function measureTransactionSize(tx: Transaction | VersionedTransaction): number {
  if (tx instanceof VersionedTransaction) {
    const sigs = tx.message.header.numRequiredSignatures;
    return shortVecLength(sigs) + 64 * sigs + tx.message.serialize().length;
  }
  const message = tx.recentBlockhash ? tx.compileMessage() : withPlaceholderBlockhash(tx).compileMessage();
  const sigs = message.header.numRequiredSignatures;
  return shortVecLength(sigs) + 64 * sigs + message.serialize().length;
}

function withPlaceholderBlockhash(tx: Transaction): Transaction {
  const copy = new Transaction({ feePayer: tx.feePayer, recentBlockhash: PublicKey.default.toBase58() });
  if (tx.instructions.length > 0) copy.add(...tx.instructions);
  return copy;
}

/** Serialized size once a guarded wallet has added its instructions: what must stay within the 1232-byte packet. */
export function sizeAfterWalletAdditions(tx: Transaction | VersionedTransaction): number {
  const instructions =
    tx instanceof Transaction ? tx.instructions : TransactionMessage.decompile(tx.message).instructions;
  return measureTransactionSize(tx) + walletAdditionsBytes(instructions);
}

export interface PackOptions {
  payer: Address;
  recentBlockhash: string;
  /** Units that must stay together in one transaction (e.g. burn + close of one account). */
  groups: TransactionInstruction[][];
  /** Instructions in front of each transaction, given how many groups it holds (e.g. compute budget). */
  prefix?: (groupCount: number, groupIndexes: number[]) => TransactionInstruction[];
  /** Instructions at the end, given the transaction's group indexes (e.g. the fee transfer for their rent). */
  suffix?: (groupIndexes: number[]) => TransactionInstruction[];
  /** Bytes the transaction may take once a wallet's additions are in (default: the packet limit). */
  limit?: number;
  /** Optional cap on groups per transaction (e.g. the spec's 8 tokens when signing one at a time). */
  maxGroupsPerTransaction?: number;
}

export interface PackedTransaction {
  transaction: Transaction;
  /** Indexes into `groups` carried by this transaction, in order. */
  groupIndexes: number[];
  /** Measured serialized size in bytes, signatures included. */
  size: number;
}

export class GroupTooLargeError extends Error {
  name = 'GroupTooLargeError';
}

interface Built {
  transaction: Transaction;
  size: number;
  /** Size with a wallet's additions: the one compared with the limit. */
  sent: number;
}

function build(opts: PackOptions, payer: PublicKey, indexes: number[]): Built {
  const transaction = new Transaction({ feePayer: payer, recentBlockhash: opts.recentBlockhash });
  const instructions = [
    ...(opts.prefix?.(indexes.length, indexes) ?? []),
    ...indexes.flatMap((i) => opts.groups[i]),
    ...(opts.suffix?.(indexes) ?? []),
  ];
  if (instructions.length > 0) transaction.add(...instructions);
  const size = measureTransactionSize(transaction);
  return { transaction, size, sent: size + walletAdditionsBytes(instructions) };
}

/**
 * Greedy in order: each transaction takes groups until the next one would push it, with a wallet's additions, over
 * `limit` bytes; a group is never split. Throws GroupTooLargeError when a single group cannot fit on its own.
 */
export function packTransactions(opts: PackOptions): PackedTransaction[] {
  const steps = packSteps(opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * packTransactions one measured candidate at a time: a caller packing thousands of groups can give way between steps
 * (the server does, so one wallet of 1,500 accounts does not hold every other request; backend recovery/pack.ts).
 */
export function* packSteps(opts: PackOptions): Generator<void, PackedTransaction[]> {
  const limit = opts.limit ?? TRANSACTION_SIZE_LIMIT_BYTES;
  const maxGroups = opts.maxGroupsPerTransaction ?? Infinity;
  const payer = toPublicKey(opts.payer);
  const packed: PackedTransaction[] = [];
  let current: number[] = [];
  let best: Built | null = null;
  for (let i = 0; i < opts.groups.length; i++) {
    yield;
    const candidate = build(opts, payer, [...current, i]);
    if (candidate.sent <= limit && current.length < maxGroups) {
      current.push(i);
      best = candidate;
      continue;
    }
    if (current.length === 0)
      throw new GroupTooLargeError(`Group ${i} alone needs ${candidate.sent} bytes (limit ${limit})`);
    packed.push({ transaction: best!.transaction, groupIndexes: current, size: best!.size });
    const alone = build(opts, payer, [i]);
    if (alone.sent > limit) throw new GroupTooLargeError(`Group ${i} alone needs ${alone.sent} bytes (limit ${limit})`);
    current = [i];
    best = alone;
  }
  if (current.length > 0) packed.push({ transaction: best!.transaction, groupIndexes: current, size: best!.size });
  return packed;
}

/** A packed transaction as the base64 the API carries (unsigned: signature slots zero-filled). */
export function transactionToBase64(tx: Transaction | VersionedTransaction): string {
  const bytes =
    tx instanceof VersionedTransaction
      ? tx.serialize()
      : tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  return Buffer.from(bytes).toString('base64');
}

/** Base64 from the API back to a transaction: v0 when the version bit is set, else legacy. */
export function transactionFromBase64(base64: string): Transaction | VersionedTransaction {
  const bytes = Buffer.from(base64, 'base64');
  const versioned = VersionedTransaction.deserialize(bytes);
  return versioned.version === 'legacy' ? Transaction.from(bytes) : versioned;
}
