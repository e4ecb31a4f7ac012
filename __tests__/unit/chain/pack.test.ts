/** @jest-environment node */
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { LOCAL_DEFAULT_FEE_WALLET } from '../../../src/common/addresses';
import { DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS, TRANSACTION_SIZE_LIMIT_BYTES } from '../../../src/common/constants';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { priorityFeeLamports, serviceFee } from '../../../src/chain/fees';
import {
  GroupTooLargeError,
  measureTransactionSize,
  packTransactions,
  sizeAfterWalletAdditions,
  transactionFromBase64,
  transactionToBase64,
} from '../../../src/chain/pack';
import { burnAndCloseIxs, closeAccountIx } from '../../../src/chain/tokenInstructions';
import { SvmHarness } from './svmHarness';

const UNITS = 200_000;
const PRICE = 1;
const feeWallet = new PublicKey(LOCAL_DEFAULT_FEE_WALLET);

function setup(count: number, amount: bigint) {
  const h = new SvmHarness();
  const owner = Keypair.generate();
  h.airdrop(owner.publicKey, 10_000_000_000n);
  h.airdrop(feeWallet, 1_000_000_000n); // a fee smaller than the rent minimum fails against an unfunded wallet
  const accounts = Array.from({ length: count }, () => {
    const mint = Keypair.generate().publicKey;
    const account = Keypair.generate().publicKey;
    h.setMint(mint, owner.publicKey, 6, amount);
    h.setTokenAccount(account, mint, owner.publicKey, amount);
    return { mint, account };
  });
  return { h, owner, accounts };
}

type Ix = ReturnType<typeof closeAccountIx>;
const feeFor = (owner: PublicKey, groupCount: number, withFee: boolean) =>
  withFee ? feeTransferIxs(owner, feeWallet, serviceFee(groupCount * DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS)) : [];

function packAll(owner: PublicKey, blockhash: string, groups: Ix[][], withFee: boolean) {
  return packTransactions({
    payer: owner,
    recentBlockhash: blockhash,
    groups,
    prefix: () => computeBudgetIxs(UNITS, PRICE),
    suffix: (indexes) => feeFor(owner, indexes.length, withFee),
  });
}

function oneMoreWouldExceed(packed: ReturnType<typeof packAll>, groups: Ix[][], owner: PublicKey, withFee: boolean) {
  const first = packed[0];
  const next = first.groupIndexes.length;
  const tx = new Transaction({ feePayer: owner, recentBlockhash: first.transaction.recentBlockhash! });
  tx.add(...computeBudgetIxs(UNITS, PRICE));
  for (const i of [...first.groupIndexes, next]) tx.add(...groups[i]);
  for (const ix of feeFor(owner, next + 1, withFee)) tx.add(ix);
  return sizeAfterWalletAdditions(tx) > TRANSACTION_SIZE_LIMIT_BYTES;
}

// Legacy-format arithmetic: a close costs 39 bytes (32 key + 7 instruction), a burn+close pair 87. Compute budget
// (limit + price) costs 52, the fee transfer 81 (fee wallet + System Program keys + 17), and a wallet's guards
// take 160 of the 1232 (WALLET_GUARD_BYTES). So the ceilings are 21 closes / 9 pairs with compute budget
// (PRODUCT figures) and 19 closes / 8 pairs with compute budget AND fee.

describe('packTransactions on a real runtime', () => {
  it.each([
    [false, 21],
    [true, 19],
  ])('closes (fee transfer: %s): %i per transaction, all land, rent returns exactly', (withFee, atLeast) => {
    const { h, owner, accounts } = setup(60, 0n);
    const groups = accounts.map(({ account }) => [closeAccountIx({ owner: owner.publicKey, account })]);
    const packed = packAll(owner.publicKey, h.blockhash(), groups, withFee);

    expect(packed[0].groupIndexes.length).toBe(atLeast);
    expect(packed.flatMap((p) => p.groupIndexes)).toEqual(groups.map((_, i) => i));
    for (const p of packed) {
      expect(sizeAfterWalletAdditions(p.transaction)).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES);
      expect(p.transaction.serialize({ requireAllSignatures: false }).length).toBe(p.size);
    }
    expect(oneMoreWouldExceed(packed, groups, owner.publicKey, withFee)).toBe(true);

    const before = h.balance(owner.publicKey);
    const feeBefore = h.balance(feeWallet);
    let expectedDelta = 0n;
    let expectedFees = 0n;
    for (const p of packed) {
      h.sendOk(p.transaction, [owner]);
      const rent = BigInt(p.groupIndexes.length * DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS);
      const fee = withFee ? BigInt(serviceFee(Number(rent))) : 0n;
      expectedFees += fee;
      expectedDelta += rent - fee - 5000n - BigInt(priorityFeeLamports(UNITS, PRICE));
    }
    expect(h.balance(owner.publicKey) - before).toBe(expectedDelta);
    expect(h.balance(feeWallet) - feeBefore).toBe(expectedFees);
    for (const { account } of accounts) expect(h.exists(account)).toBe(false);
  });

  it.each([
    [false, 9],
    [true, 8],
  ])('burn+close pairs (fee transfer: %s): %i per transaction, never split', (withFee, atLeast) => {
    const { h, owner, accounts } = setup(30, 5_000_000n);
    const groups = accounts.map(({ account, mint }) =>
      burnAndCloseIxs({ owner: owner.publicKey, account, mint, amount: 5_000_000n, decimals: 6 }),
    );
    const packed = packAll(owner.publicKey, h.blockhash(), groups, withFee);
    expect(packed[0].groupIndexes.length).toBe(atLeast);
    expect(oneMoreWouldExceed(packed, groups, owner.publicKey, withFee)).toBe(true);
    for (const p of packed) {
      expect(sizeAfterWalletAdditions(p.transaction)).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES);
      // each group contributes exactly its two instructions, plus 2 compute budget and the fee transfer
      expect(p.transaction.instructions).toHaveLength(2 + 2 * p.groupIndexes.length + (withFee ? 1 : 0));
      h.sendOk(p.transaction, [owner]);
    }
    for (const { account } of accounts) expect(h.exists(account)).toBe(false);
  });

  it('honours maxGroupsPerTransaction and refuses a group that cannot fit alone', () => {
    const owner = Keypair.generate().publicKey;
    const groups = Array.from({ length: 20 }, () => [closeAccountIx({ owner, account: Keypair.generate().publicKey })]);
    const packed = packTransactions({
      payer: owner,
      recentBlockhash: PublicKey.default.toBase58(),
      groups,
      maxGroupsPerTransaction: 8,
    });
    expect(packed.map((p) => p.groupIndexes.length)).toEqual([8, 8, 4]);
    expect(() =>
      packTransactions({
        payer: owner,
        recentBlockhash: PublicKey.default.toBase58(),
        groups: [groups.flat()],
        limit: 300,
      }),
    ).toThrow(GroupTooLargeError);
  });

  it('round-trips through base64', () => {
    const owner = Keypair.generate().publicKey;
    const [p] = packTransactions({
      payer: owner,
      recentBlockhash: PublicKey.default.toBase58(),
      groups: [[closeAccountIx({ owner, account: Keypair.generate().publicKey })]],
    });
    const back = transactionFromBase64(transactionToBase64(p.transaction));
    expect(back).toBeInstanceOf(Transaction);
    expect(measureTransactionSize(back)).toBe(p.size);
  });

  it('measures a transaction that has no blockhash yet as its signed, serialized bytes', () => {
    const owner = Keypair.generate();
    const ixs = [
      ...computeBudgetIxs(UNITS, PRICE),
      closeAccountIx({ owner: owner.publicKey, account: Keypair.generate().publicKey }),
    ];
    const unsent = new Transaction({ feePayer: owner.publicKey }).add(...ixs);
    const signed = new Transaction({
      feePayer: owner.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(...ixs);
    signed.sign(owner);
    expect(measureTransactionSize(unsent)).toBe(signed.serialize().length);
    expect(unsent.recentBlockhash).toBeUndefined(); // measured on a copy
  });
});
