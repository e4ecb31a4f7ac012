/** @jest-environment node */
// Server-built transactions the signing path accepts (PRODUCT difference 10): legacy ones decode; a version 0 message naming an
// address lookup table, or bytes that are no transaction, are refused with the guard's text (nothing reaches a wallet).
import {
  AddressLookupTableAccount,
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { GUARD } from '../../../src/common/texts';
import { legacyTransactions } from '../../../src/features/wallet/wallet/serverTransactions';
import { GuardRefusedError } from '../../../src/features/wallet/wallet/signingErrors';

const owner = Keypair.generate().publicKey;
const blockhash = Keypair.generate().publicKey.toBase58();
const transfer = SystemProgram.transfer({ fromPubkey: owner, toPubkey: Keypair.generate().publicKey, lamports: 1 });

const legacy = () =>
  new Transaction({ feePayer: owner, recentBlockhash: blockhash })
    .add(transfer)
    .serialize({ requireAllSignatures: false })
    .toString('base64');

function withLookupTable(): string {
  const table = new AddressLookupTableAccount({
    key: Keypair.generate().publicKey,
    state: {
      deactivationSlot: BigInt('18446744073709551615'),
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses: [transfer.keys[1].pubkey],
    },
  });
  const message = new TransactionMessage({ payerKey: owner, recentBlockhash: blockhash, instructions: [transfer] });
  return Buffer.from(new VersionedTransaction(message.compileToV0Message([table])).serialize()).toString('base64');
}

const refusal = (encoded: string[]) => {
  try {
    legacyTransactions(encoded);
    return null;
  } catch (err) {
    return err as GuardRefusedError;
  }
};

it('decodes legacy transactions as they came', () => {
  const [tx] = legacyTransactions([legacy()]);
  expect(tx.feePayer?.equals(owner)).toBe(true);
  expect(tx.instructions).toHaveLength(1);
});

it('refuses a lookup table and undecodable bytes with the guard’s text, naming which transaction', () => {
  const table = refusal([legacy(), withLookupTable()]);
  expect(table).toBeInstanceOf(GuardRefusedError);
  expect(table!.message).toBe(GUARD.mismatch);
  expect(table!.reason).toBe('transaction 1: address lookup tables are not allowed');
  const junk = refusal([Buffer.from('not a transaction').toString('base64')]);
  expect(junk).toBeInstanceOf(GuardRefusedError);
  expect(junk!.reason).toMatch(/^transaction 0: not a legacy transaction/);
});
