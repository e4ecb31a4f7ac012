/** @jest-environment node */
// The guard's rule for WithdrawExcessLamports (instruction 38): owner signs, owner receives, the source is one the
// page checked on chain; only in a vacant recovery; and the 1 % ceiling covers the surplus too.
import { Keypair, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { checkTransaction, type GuardIntent } from '../../../src/chain/guard';
import { TOKEN_PROGRAM_ID } from '../../../src/chain/keys';
import { withdrawExcessLamportsIx } from '../../../src/chain/withdrawExcess';
import { TOKEN_2022_PROGRAM } from '../../../src/common/addresses';

const owner = Keypair.generate().publicKey;
const attacker = Keypair.generate().publicKey;
const feeWallet = Keypair.generate().publicKey;
const kept = Keypair.generate().publicKey;
const mint = Keypair.generate().publicKey;
const SURPLUS = 550_840;
const intent: GuardIntent = {
  owner: owner.toBase58(),
  kind: 'closeVacant',
  allowedAccounts: [],
  surplusSources: [kept.toBase58(), mint.toBase58()],
  feeWallet: feeWallet.toBase58(),
  maxFeeLamports: serviceFee(2 * SURPLUS),
};
const tx = (...ixs: TransactionInstruction[]) =>
  new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(...ixs);

it('accepts withdrawals from checked sources, both programs, with a fee up to 1 % of the surplus', () => {
  const t = tx(
    withdrawExcessLamportsIx({ source: kept, authority: owner }),
    withdrawExcessLamportsIx({ source: mint, authority: owner, programId: TOKEN_2022_PROGRAM }),
    ...feeTransferIxs(owner, feeWallet, serviceFee(2 * SURPLUS)),
  );
  expect(checkTransaction(t, intent)).toEqual({ ok: true });
  expect(
    checkTransaction(
      tx(
        withdrawExcessLamportsIx({ source: kept, authority: owner }),
        ...feeTransferIxs(owner, feeWallet, serviceFee(2 * SURPLUS) + 1),
      ),
      intent,
    ),
  ).toMatchObject({ ok: false, reason: expect.stringMatching(/service fee above 1 %/) });
});

it('refuses a source not checked on chain, another destination, another authority, another action, extra signers', () => {
  const other = Keypair.generate().publicKey;
  expect(checkTransaction(tx(withdrawExcessLamportsIx({ source: other, authority: owner })), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/not checked as the owner's/),
  });
  const toAttacker = new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    data: Buffer.from([38]),
    keys: [
      { pubkey: kept, isSigner: false, isWritable: true },
      { pubkey: attacker, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
  });
  expect(checkTransaction(tx(toAttacker), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/not the owner/),
  });
  const attackerSigns = new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    data: Buffer.from([38]),
    keys: [
      { pubkey: kept, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: true },
      { pubkey: attacker, isSigner: false, isWritable: false },
    ],
  });
  expect(checkTransaction(tx(attackerSigns), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/authority is not the owner/),
  });
  expect(
    checkTransaction(tx(withdrawExcessLamportsIx({ source: kept, authority: owner })), {
      ...intent,
      kind: 'burnTokens',
    }),
  ).toMatchObject({ ok: false, reason: expect.stringMatching(/not allowed for this action/) });
  const multisig = withdrawExcessLamportsIx({ source: kept, authority: owner });
  multisig.keys.push({ pubkey: attacker, isSigner: false, isWritable: false });
  expect(checkTransaction(tx(multisig), intent)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/unexpected shape/),
  });
  expect(
    checkTransaction(tx(SystemProgram.transfer({ fromPubkey: owner, toPubkey: attacker, lamports: 1 })), intent).ok,
  ).toBe(false);
});
