/** @jest-environment node */
import { Keypair, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import { COMPUTE_BUDGET_PROGRAM, LIGHTHOUSE_PROGRAM } from '../../../src/common/addresses';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { decodeTransaction } from '../../../src/chain/decode';
import {
  measureTransactionSize,
  sizeAfterWalletAdditions,
  WALLET_COMPUTE_BUDGET_BYTES,
  WALLET_GUARD_BYTES,
} from '../../../src/chain/pack';
import { closeAccountIx } from '../../../src/chain/tokenInstructions';
import { addWalletGuards } from '../../../src/chain/walletAdditions';

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

  it('take the bytes pack.ts states: 160 for the guards, 52 more for a compute pair', () => {
    const owner = Keypair.generate().publicKey;
    expect([WALLET_GUARD_BYTES, WALLET_COMPUTE_BUDGET_BYTES]).toEqual([160, 52]);
    const withBudget = closes(owner, 3, true);
    const bare = closes(owner, 3, false);
    expect(sizeAfterWalletAdditions(withBudget) - measureTransactionSize(withBudget)).toBe(160);
    expect(sizeAfterWalletAdditions(bare) - measureTransactionSize(bare)).toBe(160 + 52);
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
