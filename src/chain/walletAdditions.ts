// What a wallet's own guard adds to a transaction before it signs and sends it, applied exactly as observed.
// Phantom augments transactions with Lighthouse assertion instructions ("the transaction onchain will be different
// from what you originally submitted": https://docs.phantom.com/developer-powertools/lighthouse). Observed on mainnet:
//   [computeLimit, computePrice, LH(17), LH(52), LH(16), payload…, LH(27)]
// — three assertions before the payload and one after (data bytes in brackets), each naming the fee payer, and a
// compute-budget pair in front when the transaction carries none (here: whichever half of the pair it lacks). The
// packers leave room for exactly this (pack.ts sizeAfterWalletAdditions), the e2e "guarded" wallet applies it with
// addWalletGuards, and every check after the wallet accepts it (walletAdditionsCheck.ts).
import {
  ComputeBudgetProgram,
  PublicKey,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { COMPUTE_BUDGET_PROGRAM, LIGHTHOUSE_PROGRAM } from '../common/addresses';

export const LIGHTHOUSE_PROGRAM_ID = new PublicKey(LIGHTHOUSE_PROGRAM);

/** Data bytes of the observed assertions: three in front of the payload, one after it. */
export const GUARD_DATA_BYTES_BEFORE = [17, 52, 16] as const;
export const GUARD_DATA_BYTES_AFTER = [27] as const;

export interface WalletGuardOptions {
  /** Whose state the assertions name; the transaction's fee payer when omitted. */
  feePayer?: PublicKey;
  /** The compute-budget pair added when the transaction has none (a wallet sets its own figures). */
  computeUnitLimit?: number;
  microLamportsPerUnit?: number;
}

/**
 * Added only where the transaction lacks them; the price is part of the fee the chain takes (1.4M CU × 1,000 µlamports
 * = 1,400 lamports on top of the signatures' fee for a transaction with no budget of its own).
 */
export const WALLET_DEFAULT_COMPUTE_UNIT_LIMIT = 1_400_000;
export const WALLET_DEFAULT_MICROLAMPORTS_PER_UNIT = 1_000;

/**
 * One assertion of `dataBytes` bytes naming `feePayer` (read-only). The bytes stand for Lighthouse's encoded
 * assertion; only their size and the account they name matter to the room they take and to the checks after the wallet.
 */
export function lighthouseAssertionIx(feePayer: PublicKey, dataBytes: number, seed = 0): TransactionInstruction {
  const data = Buffer.alloc(dataBytes, 0);
  for (let i = 0; i < dataBytes; i++) data[i] = (seed + i) & 0xff;
  return new TransactionInstruction({
    programId: LIGHTHOUSE_PROGRAM_ID,
    keys: [{ pubkey: feePayer, isSigner: false, isWritable: false }],
    data,
  });
}

/** Compute Budget's instruction tags (its first data byte). */
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;

const hasBudget = (instructions: TransactionInstruction[], tag: number) =>
  instructions.some((ix) => ix.programId.toBase58() === COMPUTE_BUDGET_PROGRAM && ix.data[0] === tag);

/**
 * The instruction list as the guarded wallet sends it: [budget pair, or its missing half] + LH×3 + payload + LH.
 * A transaction with a limit but no price (a cNFT's) gets a price, which the fee payer then pays.
 */
export function withWalletGuards(
  instructions: TransactionInstruction[],
  feePayer: PublicKey,
  options: WalletGuardOptions = {},
): TransactionInstruction[] {
  const budget = [
    ...(hasBudget(instructions, SET_COMPUTE_UNIT_LIMIT)
      ? []
      : [
          ComputeBudgetProgram.setComputeUnitLimit({
            units: options.computeUnitLimit ?? WALLET_DEFAULT_COMPUTE_UNIT_LIMIT,
          }),
        ]),
    ...(hasBudget(instructions, SET_COMPUTE_UNIT_PRICE)
      ? []
      : [
          ComputeBudgetProgram.setComputeUnitPrice({
            microLamports: options.microLamportsPerUnit ?? WALLET_DEFAULT_MICROLAMPORTS_PER_UNIT,
          }),
        ]),
  ];
  const before = GUARD_DATA_BYTES_BEFORE.map((n, i) => lighthouseAssertionIx(feePayer, n, i));
  const after = GUARD_DATA_BYTES_AFTER.map((n, i) => lighthouseAssertionIx(feePayer, n, 0x80 + i));
  return [...budget, ...before, ...instructions, ...after];
}

const shortVecLength = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);

/**
 * Bytes withWalletGuards adds to a legacy message of these instructions, by the message format: each assertion is its
 * program index, account count, one account index (the fee payer, already a key), data length and data (4 + 17, 52, 16,
 * 27 = 128), plus Lighthouse's key (32) when new; a missing setComputeUnitLimit 3 + 5 and setComputeUnitPrice 3 + 9,
 * plus Compute Budget's key (32) when new; and a longer instruction count where it crosses 127. Packers call this for
 * every candidate instead of serializing twice; walletAdditions.test.ts checks it against the serialized bytes.
 */
export function walletAdditionsBytes(instructions: TransactionInstruction[]): number {
  const programs = new Set(instructions.map((ix) => ix.programId.toBase58()));
  const assertions = [...GUARD_DATA_BYTES_BEFORE, ...GUARD_DATA_BYTES_AFTER];
  const limit = hasBudget(instructions, SET_COMPUTE_UNIT_LIMIT) ? 0 : 1;
  const price = hasBudget(instructions, SET_COMPUTE_UNIT_PRICE) ? 0 : 1;
  const added = assertions.length + limit + price;
  return (
    assertions.reduce((n, data) => n + 4 + data, 0) +
    (programs.has(LIGHTHOUSE_PROGRAM) ? 0 : 32) +
    limit * (3 + 5) +
    price * (3 + 9) +
    (limit + price > 0 && !programs.has(COMPUTE_BUDGET_PROGRAM) ? 32 : 0) +
    shortVecLength(instructions.length + added) -
    shortVecLength(instructions.length)
  );
}

/**
 * The transaction a guarded wallet would sign: the same payload, blockhash and fee payer with the additions above,
 * unsigned (the message changed, so every earlier signature is void). A legacy `Transaction` comes back as one; a
 * `VersionedTransaction` keeps its version (v0 only without lookup tables, whose accounts need the chain).
 *
 *   const guarded = addWalletGuards(VersionedTransaction.deserialize(bytes));
 *   guarded.sign([keypair]);
 */
export function addWalletGuards<T extends Transaction | VersionedTransaction>(tx: T, options?: WalletGuardOptions): T;
export function addWalletGuards(
  tx: Transaction | VersionedTransaction,
  options: WalletGuardOptions = {},
): Transaction | VersionedTransaction {
  if (tx instanceof Transaction) {
    const feePayer = options.feePayer ?? tx.feePayer;
    if (!feePayer) throw new Error('addWalletGuards: the transaction has no fee payer');
    const guarded = new Transaction({ feePayer: tx.feePayer ?? feePayer, recentBlockhash: tx.recentBlockhash });
    return guarded.add(...withWalletGuards(tx.instructions, feePayer, options));
  }
  const message = TransactionMessage.decompile(tx.message);
  const feePayer = options.feePayer ?? message.payerKey;
  const guarded = new TransactionMessage({
    payerKey: message.payerKey,
    recentBlockhash: message.recentBlockhash,
    instructions: withWalletGuards(message.instructions, feePayer, options),
  });
  return new VersionedTransaction(
    tx.version === 'legacy' ? guarded.compileToLegacyMessage() : guarded.compileToV0Message(),
  );
}
