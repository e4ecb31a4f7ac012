// The `demo` profile, built with real transactions signed by the local faucet (mint authority) so every token state
// is genuine: balances, a Token-2022 transfer-fee token, withheld fees, a frozen account, wrapped SOL.
import { Keypair, SystemProgram } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { NATIVE_MINT, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import type { FundEnv } from './fundEnv';
import {
  DEMO_FEE_TOKEN,
  DEMO_SPL_TOKENS,
  FEE_BASIS_POINTS,
  FEE_MAX,
  WRAPPED_SOL,
  demoImage,
  type DemoToken,
} from './catalog';
import type { FundManifest, FundedEmptyAccount, FundedToken } from './manifest';
import { writeFungibleMetadata } from './metadata';
import { pk, sendLocal } from './tx';

type Parts = Pick<FundManifest, 'tokens' | 'wrappedSol' | 'emptyAccounts' | 'frozenAccounts'>;

export function fundDemoTokens(env: FundEnv, owner: string): Parts {
  const { chain, faucet } = env;
  const F = faucet.publicKey;
  const O = pk(owner);
  const tokenAmount = (account: string) => Buffer.from(chain.getAccount(account)!.data).readBigUInt64LE(64);
  const lamportsOf = (account: string) => Number(chain.getBalance(account));

  /** A new mint (+ optional extension set-up) and the owner's associated token account, in one transaction. */
  const newMint = (o: {
    decimals: number;
    program: string;
    freeze?: boolean;
    extensions?: T.ExtensionType[];
    extIxs?: (mint: Keypair) => ReturnType<typeof SystemProgram.transfer>[];
  }) => {
    const mint = Keypair.generate();
    const programId = pk(o.program);
    const space = o.extensions ? T.getMintLen(o.extensions) : T.MINT_SIZE;
    const ata = T.getAssociatedTokenAddressSync(mint.publicKey, O, false, programId);
    sendLocal(
      chain,
      [
        SystemProgram.createAccount({
          fromPubkey: F,
          newAccountPubkey: mint.publicKey,
          space,
          lamports: chain.rent(space),
          programId,
        }),
        ...(o.extIxs?.(mint) ?? []),
        T.createInitializeMint2Instruction(mint.publicKey, o.decimals, F, o.freeze ? F : null, programId),
        T.createAssociatedTokenAccountIdempotentInstruction(F, ata, O, mint.publicKey, programId),
      ],
      [faucet, mint],
    );
    return { mint: mint.publicKey, ata };
  };

  const tokens: FundedToken[] = [];
  const describe = (t: DemoToken, mint: string, account: string, program: string): FundedToken => {
    const metadata = writeFungibleMetadata(chain, {
      mint,
      updateAuthority: F.toBase58(),
      name: t.name,
      symbol: t.symbol,
      uri: t.image,
    });
    return {
      mint,
      account,
      program,
      amount: tokenAmount(account).toString(),
      decimals: t.decimals,
      name: t.name,
      symbol: t.symbol,
      image: t.image,
      metadata,
    };
  };

  for (const t of DEMO_SPL_TOKENS) {
    const { mint, ata } = newMint({ decimals: t.decimals, program: TOKEN_PROGRAM });
    sendLocal(chain, [T.createMintToInstruction(mint, ata, F, t.amount)], [faucet]);
    tokens.push(describe(t, mint.toBase58(), ata.toBase58(), TOKEN_PROGRAM));
  }

  // Token-2022 with a 1 % transfer fee: the owner receives through transferCheckedWithFee, so fees are withheld.
  const P22 = pk(TOKEN_2022_PROGRAM);
  const fee = (amount: bigint) => {
    const f = (amount * BigInt(FEE_BASIS_POINTS) + 9999n) / 10000n;
    return f > FEE_MAX ? FEE_MAX : f;
  };
  const feeToken = newMint({
    decimals: DEMO_FEE_TOKEN.decimals,
    program: TOKEN_2022_PROGRAM,
    extensions: [T.ExtensionType.TransferFeeConfig],
    extIxs: (m) => [T.createInitializeTransferFeeConfigInstruction(m.publicKey, F, F, FEE_BASIS_POINTS, FEE_MAX, P22)],
  });
  const faucetFeeAta = T.getAssociatedTokenAddressSync(feeToken.mint, F, false, P22);
  const sendWithFee = (from: typeof F, to: typeof F, authority: Keypair, amount: bigint) =>
    T.createTransferCheckedWithFeeInstruction(
      from,
      feeToken.mint,
      to,
      authority.publicKey,
      amount,
      DEMO_FEE_TOKEN.decimals,
      fee(amount),
      [],
      P22,
    );
  sendLocal(
    chain,
    [
      T.createAssociatedTokenAccountIdempotentInstruction(F, faucetFeeAta, F, feeToken.mint, P22),
      T.createMintToInstruction(feeToken.mint, faucetFeeAta, F, DEMO_FEE_TOKEN.amount * 3n, [], P22),
      sendWithFee(faucetFeeAta, feeToken.ata, faucet, DEMO_FEE_TOKEN.amount),
    ],
    [faucet],
  );
  tokens.push(describe(DEMO_FEE_TOKEN, feeToken.mint.toBase58(), feeToken.ata.toBase58(), TOKEN_2022_PROGRAM));

  // An empty Token-2022 account that still holds withheld fees: it receives with a fee, sends everything back,
  // then its owner is handed over to the user (allowed: it is not an ATA, so it has no ImmutableOwner).
  const withheldAcc = Keypair.generate();
  const space = T.getAccountLen([T.ExtensionType.TransferFeeAmount]);
  const received = DEMO_FEE_TOKEN.amount / 5n - fee(DEMO_FEE_TOKEN.amount / 5n);
  sendLocal(
    chain,
    [
      SystemProgram.createAccount({
        fromPubkey: F,
        newAccountPubkey: withheldAcc.publicKey,
        space,
        lamports: chain.rent(space),
        programId: P22,
      }),
      T.createInitializeAccount3Instruction(withheldAcc.publicKey, feeToken.mint, F, P22),
      sendWithFee(faucetFeeAta, withheldAcc.publicKey, faucet, DEMO_FEE_TOKEN.amount / 5n),
    ],
    [faucet, withheldAcc],
  );
  sendLocal(
    chain,
    [
      sendWithFee(withheldAcc.publicKey, faucetFeeAta, faucet, received),
      T.createSetAuthorityInstruction(withheldAcc.publicKey, F, T.AuthorityType.AccountOwner, O, [], P22),
    ],
    [faucet],
  );

  const emptyAccounts: FundedEmptyAccount[] = [];
  const emptyEntry = (account: string, mint: string, program: string, withheld?: bigint): FundedEmptyAccount => ({
    account,
    mint,
    program,
    lamports: lamportsOf(account),
    ...(withheld !== undefined ? { withheld: withheld.toString() } : {}),
  });
  for (let i = 0; i < 4; i++) {
    const { mint, ata } = newMint({ decimals: 6, program: TOKEN_PROGRAM });
    emptyAccounts.push(emptyEntry(ata.toBase58(), mint.toBase58(), TOKEN_PROGRAM));
  }
  const plain22 = newMint({ decimals: 6, program: TOKEN_2022_PROGRAM });
  emptyAccounts.push(emptyEntry(plain22.ata.toBase58(), plain22.mint.toBase58(), TOKEN_2022_PROGRAM));
  const withheld = T.getTransferFeeAmount(
    T.unpackAccount(withheldAcc.publicKey, { ...chainInfo(env, withheldAcc.publicKey.toBase58()) }, P22),
  )!.withheldAmount;
  emptyAccounts.push(
    emptyEntry(withheldAcc.publicKey.toBase58(), feeToken.mint.toBase58(), TOKEN_2022_PROGRAM, withheld),
  );

  const frozen = newMint({ decimals: 0, program: TOKEN_PROGRAM, freeze: true });
  sendLocal(chain, [T.createFreezeAccountInstruction(frozen.ata, frozen.mint, F)], [faucet]);
  const frozenAccounts = [
    {
      account: frozen.ata.toBase58(),
      mint: frozen.mint.toBase58(),
      program: TOKEN_PROGRAM,
      lamports: lamportsOf(frozen.ata.toBase58()),
      amount: '0',
    },
  ];

  const wsolAta = T.getAssociatedTokenAddressSync(pk(NATIVE_MINT), O);
  sendLocal(
    chain,
    [
      T.createAssociatedTokenAccountIdempotentInstruction(F, wsolAta, O, pk(NATIVE_MINT)),
      SystemProgram.transfer({ fromPubkey: F, toPubkey: wsolAta, lamports: WRAPPED_SOL.lamports }),
      T.createSyncNativeInstruction(wsolAta),
    ],
    [faucet],
  );
  const wsolMetadata = writeFungibleMetadata(chain, {
    mint: NATIVE_MINT,
    updateAuthority: F.toBase58(),
    name: WRAPPED_SOL.name,
    symbol: WRAPPED_SOL.symbol,
    uri: demoImage('token-wsol.svg'),
  });
  const wsolAmount = tokenAmount(wsolAta.toBase58()).toString();
  tokens.push({
    mint: NATIVE_MINT,
    account: wsolAta.toBase58(),
    program: TOKEN_PROGRAM,
    amount: wsolAmount,
    decimals: 9,
    name: WRAPPED_SOL.name,
    symbol: WRAPPED_SOL.symbol,
    image: WRAPPED_SOL.image,
    metadata: wsolMetadata,
  });
  const wrappedSol = { account: wsolAta.toBase58(), lamports: lamportsOf(wsolAta.toBase58()), amount: wsolAmount };

  return { tokens, wrappedSol, emptyAccounts, frozenAccounts };
}

function chainInfo(env: FundEnv, account: string) {
  const a = env.chain.getAccount(account)!;
  return { data: Buffer.from(a.data), owner: pk(a.owner), lamports: Number(a.lamports), executable: a.executable };
}
