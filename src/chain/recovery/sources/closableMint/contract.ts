// The closable-mint source's contract case: funding cannot sign for the owner, so the owner makes a Token-2022 mint
// with itself as mint and close authority and mints nothing, as a wallet that launched and abandoned a token did.
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createInitializeMint2Instruction,
  createInitializeMintCloseAuthorityInstruction,
  getMintLen,
} from '@solana/spl-token';
import { Keypair, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  async accounts({ owner, connection }) {
    const mint = Keypair.generate();
    const space = getMintLen([ExtensionType.MintCloseAuthority]);
    const lamports = await connection.getMinimumBalanceForRentExemption(space);
    const tx = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: owner.publicKey,
        newAccountPubkey: mint.publicKey,
        space,
        lamports,
        programId: TOKEN_2022_PROGRAM_ID,
      }),
      createInitializeMintCloseAuthorityInstruction(mint.publicKey, owner.publicKey, TOKEN_2022_PROGRAM_ID),
      createInitializeMint2Instruction(mint.publicKey, 0, owner.publicKey, null, TOKEN_2022_PROGRAM_ID),
    );
    await sendAndConfirmTransaction(connection, tx, [owner, mint], { commitment: 'confirmed' });
    return [mint.publicKey.toBase58()];
  },
};
