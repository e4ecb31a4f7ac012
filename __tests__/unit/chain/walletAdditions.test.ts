/** @jest-environment node */
import { address } from '@solana/kit';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js';
import { COMPUTE_BUDGET_PROGRAM, LIGHTHOUSE_PROGRAM } from '../../../src/common/addresses';
import {
  DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS,
  TRANSACTION_SIZE_LIMIT_BYTES,
  WALLET_COMPUTE_BUDGET_BYTES,
  WALLET_GUARD_BYTES,
} from '../../../src/common/constants';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { decodeTransaction } from '../../../src/chain/decode';
import { measureTransactionSize, packTransactions, sizeAfterWalletAdditions } from '../../../src/chain/pack';
import { closeAccountIx } from '../../../src/chain/tokenInstructions';
import {
  addWalletGuards,
  walletAdditionsBytes,
  WALLET_DEFAULT_COMPUTE_UNIT_LIMIT,
  WALLET_DEFAULT_MICROLAMPORTS_PER_UNIT,
} from '../../../src/chain/walletAdditions';
import { noopProgramPath } from '../../../backend/localnet/programs';
import { SvmHarness } from './svmHarness';

const blockhash = PublicKey.default.toBase58();

function closes(owner: PublicKey, n: number, withBudget: boolean): Transaction {
  const tx = new Transaction({ feePayer: owner, recentBlockhash: blockhash });
  if (withBudget) tx.add(...computeBudgetIxs(200_000, 1));
  for (let i = 0; i < n; i++) tx.add(closeAccountIx({ owner, account: Keypair.generate().publicKey }));
  return tx;
}

describe('the wallet additions (Phantom: compute pair where none, LH(17) LH(52) LH(16) before, LH(27) after)', () => {
  it('are placed as observed on mainnet, each assertion naming the fee payer', () => {
    const owner = Keypair.generate().publicKey;
    const decoded = decodeTransaction(addWalletGuards(closes(owner, 2, false)));
    const shape = decoded.instructions.map((ix) =>
      ix.programId === LIGHTHOUSE_PROGRAM
        ? `LH(${ix.data.length})`
        : ix.programId === COMPUTE_BUDGET_PROGRAM
          ? 'CB'
          : 'payload',
    );
    expect(shape).toEqual(['CB', 'CB', 'LH(17)', 'LH(52)', 'LH(16)', 'payload', 'payload', 'LH(27)']);
    for (const ix of decoded.instructions.filter((i) => i.programId === LIGHTHOUSE_PROGRAM))
      expect(ix.accounts.map((a) => a.pubkey)).toEqual([owner.toBase58()]);
    expect(decoded.feePayer).toBe(owner.toBase58());
  });

  it('add no compute pair where the transaction has its own', () => {
    const owner = Keypair.generate().publicKey;
    const decoded = decodeTransaction(addWalletGuards(closes(owner, 1, true)));
    expect(decoded.instructions.filter((ix) => ix.programId === COMPUTE_BUDGET_PROGRAM)).toHaveLength(2);
    expect(decoded.instructions[0].programId).toBe(LIGHTHOUSE_PROGRAM);
  });

  it('take the bytes constants.ts states: 160 for the guards, 52 more for a compute pair', () => {
    const owner = Keypair.generate().publicKey;
    expect([WALLET_GUARD_BYTES, WALLET_COMPUTE_BUDGET_BYTES]).toEqual([160, 52]);
    const withBudget = closes(owner, 3, true);
    const bare = closes(owner, 3, false);
    expect(sizeAfterWalletAdditions(withBudget) - measureTransactionSize(withBudget)).toBe(160);
    expect(sizeAfterWalletAdditions(bare) - measureTransactionSize(bare)).toBe(160 + 52);
  });

  it('take exactly the bytes walletAdditionsBytes counts, whatever the transaction already holds', () => {
    const owner = Keypair.generate().publicKey;
    const limitOnly = closes(owner, 2, false).add(ComputeBudgetProgram.setComputeUnitLimit({ units: 100_000 }));
    const tiny = (n: number) =>
      Array.from(
        { length: n },
        () => new TransactionInstruction({ programId: owner, keys: [], data: Buffer.alloc(0) }),
      );
    const shapes = [
      closes(owner, 0, false),
      closes(owner, 5, true),
      limitOnly,
      addWalletGuards(closes(owner, 1, true)), // its Lighthouse key is already there
      closes(owner, 0, false).add(...tiny(124)), // the instruction count crosses 127 with the additions
    ];
    for (const tx of shapes)
      expect(measureTransactionSize(addWalletGuards(tx)) - measureTransactionSize(tx)).toBe(
        walletAdditionsBytes(tx.instructions),
      );
  });

  it('keep a versioned transaction in its version, unsigned, with the same payload', () => {
    const owner = Keypair.generate();
    const legacy = closes(owner.publicKey, 2, true);
    legacy.sign(owner);
    const versioned = VersionedTransaction.deserialize(legacy.serialize());
    const guarded = addWalletGuards(versioned);
    expect(guarded.version).toBe('legacy');
    expect(guarded.signatures.every((s) => s.every((b) => b === 0))).toBe(true);
    expect(measureTransactionSize(guarded)).toBe(sizeAfterWalletAdditions(legacy));
    const payload = (tx: VersionedTransaction | Transaction) =>
      decodeTransaction(tx).instructions.filter((ix) => ix.programId !== LIGHTHOUSE_PROGRAM);
    expect(payload(guarded)).toEqual(payload(legacy));
  });
});

describe('packing leaves room for them', () => {
  it('every packed transaction, with the additions, fits 1232 bytes and lands, the added price part of the fee', () => {
    const h = new SvmHarness();
    h.svm.addProgramFromFile(address(LIGHTHOUSE_PROGRAM), noopProgramPath());
    const owner = Keypair.generate();
    h.airdrop(owner.publicKey, 10_000_000_000n);
    const mint = Keypair.generate().publicKey;
    h.setMint(mint, owner.publicKey, 0);
    const accounts = Array.from({ length: 45 }, () => Keypair.generate().publicKey);
    for (const a of accounts) h.setTokenAccount(a, mint, owner.publicKey);
    const packed = packTransactions({
      payer: owner.publicKey,
      recentBlockhash: h.blockhash(),
      groups: accounts.map((account) => [closeAccountIx({ owner: owner.publicKey, account })]),
    });
    expect(packed.length).toBeGreaterThan(1);
    const before = h.balance(owner.publicKey);
    for (const p of packed) {
      const guarded = addWalletGuards(p.transaction);
      expect(measureTransactionSize(guarded)).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES);
      h.sendOk(guarded, [owner]);
    }
    // No compute budget of ours: the wallet's pair adds 1.4M CU × 1000 µlamports = 1,400 lamports to each base fee.
    const priority = (WALLET_DEFAULT_COMPUTE_UNIT_LIMIT * WALLET_DEFAULT_MICROLAMPORTS_PER_UNIT) / 1_000_000;
    const rent = BigInt(accounts.length * DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS);
    expect(h.balance(owner.publicKey) - before).toBe(rent - BigInt(packed.length * (5000 + priority)));
    for (const a of accounts) expect(h.exists(a)).toBe(false);
  });
});
