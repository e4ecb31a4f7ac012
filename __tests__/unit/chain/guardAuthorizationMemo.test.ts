// The guard's rule for the queue's authorisation memo (src/chain/guardAuthorizationMemo.ts): exactly the memo the page
// computed, alone in its transaction but for our compute-budget pair, naming the owner alone, once per request, for
// the delegations only.
import {
  ComputeBudgetProgram,
  Keypair,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type PublicKey,
} from '@solana/web3.js';
import { authorizationMemoOf, buildAuthorizationMemoTx } from '../../../src/chain/authorizationMemo';
import { checkTransactions, type GuardIntent } from '../../../src/chain/guard';
import { MEMO_PROGRAM_ID } from '../../../src/chain/memoAuthorization';

const owner = Keypair.generate().publicKey;
const other = Keypair.generate().publicKey;
const blockhash = Keypair.generate().publicKey.toBase58();
const memo = authorizationMemoOf('0f'.repeat(32));
const intent: GuardIntent = {
  owner: owner.toBase58(),
  kind: 'delegateCnft',
  allowedAccounts: [],
  delegate: other.toBase58(),
  authorizationMemo: memo,
};

const withBlockhash = (tx: Transaction) => Object.assign(tx, { recentBlockhash: blockhash });
const memoTx = (text = memo) => withBlockhash(buildAuthorizationMemoTx(owner.toBase58(), text));
const memoIx = (text: string, keys: PublicKey[]) =>
  new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: keys.map((pubkey, i) => ({ pubkey, isSigner: i === 0, isWritable: false })),
    data: Buffer.from(text),
  });
const reason = (txs: Transaction[], i: GuardIntent = intent) => {
  const r = checkTransactions(txs, i);
  return r.ok ? null : r.reason;
};

it('lets through exactly the expected memo, alone but for our compute-budget pair, paid by the owner', () => {
  const tx = memoTx();
  expect(tx.instructions.map((ix) => ix.programId.toBase58())).toEqual([
    ComputeBudgetProgram.programId.toBase58(),
    ComputeBudgetProgram.programId.toBase58(),
    MEMO_PROGRAM_ID.toBase58(),
  ]);
  expect(reason([tx])).toBeNull();
  const bare = withBlockhash(new Transaction({ feePayer: owner }).add(memoIx(memo, [owner])));
  expect(reason([bare])).toBeNull();
});

it('refuses every other memo or place for it', () => {
  expect(reason([memoTx()], { ...intent, authorizationMemo: undefined })).toBe('a memo this action does not ask for');
  expect(reason([memoTx()], { ...intent, kind: 'trashCnft', trashWallet: other.toBase58() })).toBe(
    'a memo this action does not ask for',
  );
  expect(reason([memoTx(authorizationMemoOf('1f'.repeat(32)))])).toBe('a memo other than the authorisation');
  const plusTransfer = memoTx().add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: other, lamports: 1 }));
  expect(reason([plusTransfer])).toBe('the authorisation memo must be alone in its transaction');
  const secondPrice = memoTx().add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1 }));
  expect(reason([secondPrice])).toBe('the authorisation memo must be alone in its transaction');
  const twice = memoTx().add(memoIx(memo, [owner]));
  expect(reason([twice])).toBe('the authorisation memo must be alone in its transaction');
  const naming = withBlockhash(new Transaction({ feePayer: owner }).add(memoIx(memo, [owner, other])));
  expect(reason([naming])).toBe('the authorisation memo must name the owner alone');
  expect(reason([memoTx(), memoTx()])).toBe('transaction 1: a second authorisation memo');
  const paidByOther = withBlockhash(new Transaction({ feePayer: other }).add(memoIx(memo, [other])));
  expect(reason([paidByOther])).not.toBeNull();
});
