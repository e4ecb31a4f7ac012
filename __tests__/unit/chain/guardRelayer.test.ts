/** @jest-environment node */
// The guard's fee-payer rule (PRODUCT difference 15): the relayer may pay only with exactly one repayment from the owner equal to
// that transaction's network fee (2 signatures × 5,000 + ceil(units × price / 10⁶)), never more, never less.
import { Keypair, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { checkTransaction, type GuardIntent } from '../../../src/chain/guard';
import { closeAccountIx } from '../../../src/chain/tokenInstructions';

const owner = Keypair.generate().publicKey;
const relayer = Keypair.generate().publicKey;
const feeWallet = Keypair.generate().publicKey;
const accounts = [0, 1, 2].map(() => Keypair.generate().publicKey);
const RENT = 3 * 2_039_280;
const UNITS = 35_000;
const PRICE = 7;
const FEE = 2 * 5000 + Math.ceil((UNITS * PRICE) / 1e6); // 10,001
const intent: GuardIntent = {
  owner: owner.toBase58(),
  kind: 'closeVacant',
  allowedAccounts: accounts.map((a) => a.toBase58()),
  feeWallet: feeWallet.toBase58(),
  maxFeeLamports: serviceFee(RENT),
  relayer: relayer.toBase58(),
};
const repay = (lamports: number) => SystemProgram.transfer({ fromPubkey: owner, toPubkey: relayer, lamports });
const relayed = (...tail: TransactionInstruction[]) =>
  new Transaction({ feePayer: relayer, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    ...computeBudgetIxs(UNITS, PRICE),
    ...accounts.map((a) => closeAccountIx({ owner, account: a })),
    ...tail,
  );

it('accepts the relayer as fee payer with a repayment of exactly the network fee', () => {
  expect(checkTransaction(relayed(repay(FEE), ...feeTransferIxs(owner, feeWallet, serviceFee(RENT))), intent)).toEqual({
    ok: true,
  });
});

it('refuses more or less than the fee, two repayments, none, or an unknown relayer', () => {
  expect(checkTransaction(relayed(repay(FEE + 1)), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/repays the relayer 10002 lamports, the network fee is 10001/),
  });
  expect(checkTransaction(relayed(repay(FEE - 1)), intent).ok).toBe(false);
  expect(checkTransaction(relayed(repay(FEE), repay(FEE)), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/2 repayments/),
  });
  expect(checkTransaction(relayed(), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/0 repayments/),
  });
  expect(checkTransaction(relayed(repay(FEE)), { ...intent, relayer: undefined })).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/is not the owner/),
  });
});

it('refuses a third signer, a repayment from someone else, and the relayer anywhere else', () => {
  const stranger = Keypair.generate().publicKey;
  expect(
    checkTransaction(
      relayed(repay(FEE), SystemProgram.transfer({ fromPubkey: stranger, toPubkey: feeWallet, lamports: 1 })),
      intent,
    ).ok,
  ).toBe(false);
  expect(
    checkTransaction(
      relayed(SystemProgram.transfer({ fromPubkey: stranger, toPubkey: relayer, lamports: FEE })),
      intent,
    ).ok,
  ).toBe(false);
  const toRelayer = closeAccountIx({ owner, account: accounts[0] });
  toRelayer.keys[1] = { pubkey: relayer, isSigner: false, isWritable: true };
  expect(checkTransaction(relayed(repay(FEE), toRelayer), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/only receive its repayment/),
  });
  // An owner-paid transaction may not pay the relayer at all.
  const ownerPaid = new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    ...computeBudgetIxs(UNITS, PRICE),
    closeAccountIx({ owner, account: accounts[0] }),
    repay(FEE),
  );
  expect(checkTransaction(ownerPaid, intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/does not pay for/),
  });
});
