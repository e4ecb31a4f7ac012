// Mints whose mint authority is the funded wallet (a creator's wallet): their surplus rent is the wallet's to
// withdraw (WithdrawExcessLamports with the mint authority signing). One SPL Token mint (82 bytes) and one
// Token-2022 mint with the MintCloseAuthority extension (another size), made with real transactions.
import { Keypair, SystemProgram } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import type { FundEnv } from './fundEnv';
import type { FundedMint } from './manifest';
import { pk, sendLocal } from './tx';

export function fundOwnedMints(env: FundEnv, owner: string): FundedMint[] {
  const { chain, faucet } = env;
  const O = pk(owner);
  const make = (program: string, extensions: T.ExtensionType[]) => {
    const mint = Keypair.generate();
    const programId = pk(program);
    const space = extensions.length ? T.getMintLen(extensions) : T.MINT_SIZE;
    sendLocal(
      chain,
      [
        SystemProgram.createAccount({
          fromPubkey: faucet.publicKey,
          newAccountPubkey: mint.publicKey,
          space,
          lamports: chain.rent(space),
          programId,
        }),
        ...(extensions.includes(T.ExtensionType.MintCloseAuthority)
          ? [T.createInitializeMintCloseAuthorityInstruction(mint.publicKey, O, programId)]
          : []),
        T.createInitializeMint2Instruction(mint.publicKey, 6, O, null, programId),
      ],
      [faucet, mint],
    );
    const address = mint.publicKey.toBase58();
    return { mint: address, program, space, lamports: Number(chain.getBalance(address)) };
  };
  return [make(TOKEN_PROGRAM, []), make(TOKEN_2022_PROGRAM, [T.ExtensionType.MintCloseAuthority])];
}
