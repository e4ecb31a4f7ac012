// The ten ways a hostile server (or a proxy in front of it) may rewrite prepared transactions (PRODUCT difference 10,
// RELIABILITY, trust: "hostile answers"). Each takes an unsigned base64 transaction the real server built and returns the tampered one; the
// hostile-server tests (backend and Chromium) check that the page's guard signs none of them.
import { AuthorityType, createApproveInstruction, createSetAuthorityInstruction } from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { COMPUTE_BUDGET_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/common/addresses';

export const ATTACKER = Keypair.generate().publicKey;

export type RewriteName =
  | 'extraTransfer'
  | 'closeDestination'
  | 'setAuthority'
  | 'approve'
  | 'feePayer'
  | 'inflatedFeeToAttacker'
  | 'extraFeeToRealWallet'
  | 'priorityFee140k'
  | 'unknownProgram'
  | 'lookupTable';

export const REWRITES: RewriteName[] = [
  'extraTransfer',
  'closeDestination',
  'setAuthority',
  'approve',
  'feePayer',
  'inflatedFeeToAttacker',
  'extraFeeToRealWallet',
  'priorityFee140k',
  'unknownProgram',
  'lookupTable',
];

const isToken = (ix: TransactionInstruction) => [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].includes(ix.programId.toBase58());
/** 1 % of 150 SOL: the fee a server claiming a 150-SOL account would take. */
const INFLATED_FEE = 1_500_000_000;

/** The first writable non-signer account an instruction touches (a token account or a leaf's tree). */
function victimAccount(tx: Transaction): PublicKey {
  const ix = tx.instructions.find(
    (i) => !i.programId.equals(ComputeBudgetProgram.programId) && i.programId.toBase58() !== SYSTEM_PROGRAM,
  );
  const key = ix?.keys.find((k) => k.isWritable && !k.isSigner)?.pubkey;
  if (!key) throw new Error('no account to aim at');
  return key;
}

/**
 * Serializes a tampered transaction. The server packs its transactions to the 1232-byte limit, so an attacker who adds
 * an instruction must make room: like one, this drops the server's last close or surplus withdrawal (never the first
 * token instruction, which a rewrite may aim at) until the transaction fits.
 */
export function serializeFitting(t: Transaction): string {
  for (;;) {
    try {
      return t.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    } catch (err) {
      if (!/too large/i.test((err as Error).message)) throw err;
      const first = t.instructions.findIndex(isToken);
      let last = -1;
      t.instructions.forEach((ix, i) => {
        if (i !== first && isToken(ix) && (ix.data[0] === 9 || ix.data[0] === 38)) last = i;
      });
      if (last < 0) throw err;
      t.instructions.splice(last, 1);
    }
  }
}

export function rewrite(base64: string, how: RewriteName, feeWallet: string): string {
  const tx = Transaction.from(Buffer.from(base64, 'base64'));
  const owner = tx.feePayer!;
  const out = serializeFitting;
  switch (how) {
    case 'extraTransfer':
      tx.add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: ATTACKER, lamports: 100_000_000 }));
      return out(tx);
    case 'closeDestination': {
      const close = tx.instructions.find((i) => isToken(i) && i.data[0] === 9);
      if (close) close.keys[1] = { ...close.keys[1], pubkey: ATTACKER };
      else
        tx.add(
          new TransactionInstruction({
            programId: new PublicKey(TOKEN_PROGRAM),
            keys: [
              { pubkey: victimAccount(tx), isSigner: false, isWritable: true },
              { pubkey: ATTACKER, isSigner: false, isWritable: true },
              { pubkey: owner, isSigner: true, isWritable: false },
            ],
            data: Buffer.from([9]),
          }),
        );
      return out(tx);
    }
    case 'setAuthority':
      tx.add(createSetAuthorityInstruction(victimAccount(tx), owner, AuthorityType.AccountOwner, ATTACKER));
      return out(tx);
    case 'approve':
      tx.add(createApproveInstruction(victimAccount(tx), ATTACKER, owner, 1n));
      return out(tx);
    case 'feePayer':
      tx.feePayer = ATTACKER;
      return out(tx);
    case 'inflatedFeeToAttacker': {
      const fee = tx.instructions.find((i) => i.programId.toBase58() === SYSTEM_PROGRAM);
      if (fee) tx.instructions.splice(tx.instructions.indexOf(fee), 1);
      tx.add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: ATTACKER, lamports: INFLATED_FEE }));
      return out(tx);
    }
    case 'extraFeeToRealWallet':
      tx.add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: new PublicKey(feeWallet), lamports: INFLATED_FEE }));
      return out(tx);
    case 'priorityFee140k': {
      tx.instructions = tx.instructions.filter((i) => i.programId.toBase58() !== COMPUTE_BUDGET_PROGRAM);
      tx.instructions.unshift(
        ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }),
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 100_000 }),
      );
      return out(tx);
    }
    case 'unknownProgram':
      tx.add(
        new TransactionInstruction({
          programId: Keypair.generate().publicKey,
          keys: [{ pubkey: owner, isSigner: true, isWritable: true }],
          data: Buffer.from([1]),
        }),
      );
      return out(tx);
    case 'lookupTable': {
      const table = new AddressLookupTableAccount({
        key: Keypair.generate().publicKey,
        state: {
          deactivationSlot: BigInt('18446744073709551615'),
          lastExtendedSlot: 0,
          lastExtendedSlotStartIndex: 0,
          addresses: [victimAccount(tx)],
        },
      });
      const message = new TransactionMessage({
        payerKey: owner,
        recentBlockhash: tx.recentBlockhash!,
        instructions: tx.instructions,
      }).compileToV0Message([table]);
      return Buffer.from(new VersionedTransaction(message).serialize()).toString('base64');
    }
  }
}
