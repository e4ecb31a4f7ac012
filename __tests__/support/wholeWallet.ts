// The whole-wallet fixture of "Recover everything" (docs/PRODUCT.md#recover-everything): a freshly funded demo
// wallet, plus what funding cannot sign for, made with the owner's own transaction as a wallet out there would have:
// an empty wrapped-SOL account (not the associated one, which holds wrapped SOL) and two token approvals (SPL Approve)
// on two of its token accounts that hold a balance. Shared by the backend test, the browser test and the bench.
import {
  createApproveInstruction,
  createInitializeAccount3Instruction,
  ACCOUNT_SIZE,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { type Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { until } from './until';

export interface WholeWalletExtras {
  emptyWrappedSol: string;
  approved: string[];
}

export async function makeWholeWallet(
  connection: Connection,
  owner: Keypair,
  manifest: { tokens: { account: string; program: string; amount: string }[] },
): Promise<WholeWalletExtras> {
  const wsol = Keypair.generate();
  const rent = await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE);
  const held = manifest.tokens.filter((t) => BigInt(t.amount) > 0n).slice(0, 2);
  if (held.length < 2) throw new Error('the demo profile holds fewer than two token balances');
  const tx = new Transaction().add(
    SystemProgram.createAccount({
      fromPubkey: owner.publicKey,
      newAccountPubkey: wsol.publicKey,
      lamports: rent,
      space: ACCOUNT_SIZE,
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeAccount3Instruction(wsol.publicKey, NATIVE_MINT, owner.publicKey),
    ...held.map((t) =>
      createApproveInstruction(
        new PublicKey(t.account),
        Keypair.generate().publicKey,
        owner.publicKey,
        1n,
        [],
        new PublicKey(t.program),
      ),
    ),
  );
  // Sent, then its status polled: the browser tests' connection has no websocket to confirm through.
  // A fresh blockhash (a connection's cached one may be gone once a test has moved the slots on).
  tx.recentBlockhash = (await connection.getLatestBlockhash('confirmed')).blockhash;
  tx.feePayer = owner.publicKey;
  tx.sign(owner, wsol);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' });
  await until(async () => {
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    if (status?.err) throw new Error(`the whole-wallet set-up failed: ${JSON.stringify(status.err)}`);
    return status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized';
  });
  return { emptyWrappedSol: wsol.publicKey.toBase58(), approved: held.map((t) => t.account) };
}
