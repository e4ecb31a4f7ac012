/** @jest-environment node */
// The guard's static rules for the recovery sources (src/chain/recovery/sources): owner signs, owner receives, only
// listed accounts, only in a `recover` action; a buffer close naming a program (a ProgramData close) and a Revoke on
// an account not listed are refused. A bounded set of hostile shapes, each one instruction changed.
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { checkTransaction, type GuardIntent } from '../../../src/chain/guard';
import {
  bufferCloseIx,
  nonceWithdrawIx,
  stakeWithdrawIx,
  tableCloseIx,
  tableDeactivateIx,
} from '../../../src/chain/recovery/layouts';
import { approvalSource } from '../../../src/chain/recovery/sources/approval/source';
import { stakeRentPart } from '../../../src/chain/recovery/sources/stake/source';

const key = () => Keypair.generate().publicKey.toBase58();
const [owner, attacker, feeWallet, stake, buffer, nonce, table, tokenAccount] = Array.from({ length: 8 }, key);
const intent: GuardIntent = {
  owner,
  kind: 'recover',
  allowedAccounts: [stake, buffer, nonce, table, tokenAccount],
  feeWallet,
  maxFeeLamports: 10_000,
};
const tx = (...ixs: TransactionInstruction[]) =>
  new Transaction({ feePayer: Keypair.generate().publicKey, recentBlockhash: key() }).add(...ixs);
const asOwner = (t: Transaction) => {
  t.feePayer = new PublicKey(owner);
  return t;
};
const revoke = (account: string, signer: string) =>
  approvalSource.plan(
    {
      kind: 'approval',
      address: account,
      lamports: 0,
      rentLamports: 0,
      recoverableLamports: 0,
      state: 'ready',
      optIn: true,
      detail: '',
    },
    signer,
  )!.instructions[0];

it('accepts what the recovery builds: stake withdraw, buffer close, nonce withdraw, table deactivate/close, revoke, fee', () => {
  const t = asOwner(
    tx(
      stakeWithdrawIx(stake, owner, 616_640n),
      bufferCloseIx(buffer, owner),
      nonceWithdrawIx(nonce, owner, 1_447_680n),
      tableDeactivateIx(table, owner),
      revoke(tokenAccount, owner),
      ...feeTransferIxs(owner, feeWallet, 10_000),
    ),
  );
  expect(checkTransaction(t, intent)).toEqual({ ok: true });
  expect(checkTransaction(asOwner(tx(tableCloseIx(table, owner))), intent)).toEqual({ ok: true });
  // A transaction of nonce withdrawals only is an action (not a bare fee transfer).
  expect(checkTransaction(asOwner(tx(nonceWithdrawIx(nonce, owner, 1n))), intent)).toEqual({ ok: true });
});

it.each([
  [
    'stake withdrawal to another wallet',
    () => stakeWithdrawIx(stake, owner, 1n),
    (ix: TransactionInstruction) => (ix.keys[1].pubkey = new PublicKey(attacker)),
  ],
  ['stake withdrawal from an account not listed', () => stakeWithdrawIx(key(), owner, 1n), () => {}],
  [
    'buffer close naming a program (a ProgramData close)',
    () => bufferCloseIx(buffer, owner),
    (ix: TransactionInstruction) =>
      ix.keys.push({ pubkey: SystemProgram.programId, isSigner: false, isWritable: false }),
  ],
  [
    'buffer close paying another wallet',
    () => bufferCloseIx(buffer, owner),
    (ix: TransactionInstruction) => (ix.keys[1].pubkey = new PublicKey(attacker)),
  ],
  [
    'nonce withdrawal to another wallet',
    () => nonceWithdrawIx(nonce, attacker, 1n),
    (ix: TransactionInstruction) => (ix.keys[4].pubkey = new PublicKey(owner)),
  ],
  [
    'table close paying another wallet',
    () => tableCloseIx(table, owner),
    (ix: TransactionInstruction) => (ix.keys[2].pubkey = new PublicKey(attacker)),
  ],
  ['revoke on an account not listed', () => revoke(key(), owner), () => {}],
])('refuses %s', (_name, build, tamper) => {
  const ix = build();
  tamper(ix);
  expect(checkTransaction(asOwner(tx(ix)), intent).ok).toBe(false);
});

it('refuses the recovery programs in any other action, and a fee above the ceiling', () => {
  const t = asOwner(tx(bufferCloseIx(buffer, owner)));
  expect(checkTransaction(t, { ...intent, kind: 'closeVacant' }).ok).toBe(false);
  const greedy = asOwner(tx(bufferCloseIx(buffer, owner), ...feeTransferIxs(owner, feeWallet, 10_001)));
  expect(checkTransaction(greedy, intent).ok).toBe(false);
});

it('stake principal is never part of the fee base', () => {
  const reserve = 2_282_880n;
  const minimum = 1_666_240n;
  // Delegated, excess only: the reserve above today's minimum.
  expect(stakeRentPart(reserve, 1_002_282_880n, 616_640n, minimum)).toBe(616_640n);
  // Delegated with 0.05 SOL sent to it as well: still only the rent part is charged.
  expect(stakeRentPart(reserve, 1_052_282_880n, 50_616_640n, minimum)).toBe(616_640n);
  // Withdrawn whole: the whole recorded reserve, never the principal.
  expect(stakeRentPart(reserve, 52_282_880n, 52_282_880n, minimum)).toBe(reserve);
});
