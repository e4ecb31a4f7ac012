// The approval source's contract case: funding cannot sign for the owner, so the owner approves a delegate on one of
// its token accounts that holds a balance (SPL Approve, instruction 4), as a wallet out there did.
import { createApproveInstruction } from '@solana/spl-token';
import { Keypair, PublicKey, sendAndConfirmTransaction, Transaction } from '@solana/web3.js';
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  async accounts({ owner, manifest, connection }) {
    const token = manifest.tokens.find((t) => BigInt(t.amount) > 0n)!;
    const approve = createApproveInstruction(
      new PublicKey(token.account),
      Keypair.generate().publicKey,
      owner.publicKey,
      1n,
      [],
      new PublicKey(token.program),
    );
    await sendAndConfirmTransaction(connection, new Transaction().add(approve), [owner], { commitment: 'confirmed' });
    return [token.account];
  },
};
