/** @jest-environment node */
// The guard's chain rule for surplus withdrawals (PRODUCT differences 13 and 10): only the owner's non-native token accounts and
// mints whose mint authority is the owner count, and their surplus is lamports − the chain's minimum for their size.
import * as T from '@solana/spl-token';
import { type AccountInfo, Keypair, PublicKey } from '@solana/web3.js';
import { surplusWithdrawal } from '../../../src/chain/chainRuleSurplus';
import type { DecodedInstruction } from '../../../src/chain/decode';
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { tokenAccountData } from '../../support/tokenAccountData';

const owner = Keypair.generate().publicKey;
const stranger = Keypair.generate().publicKey;
const P = new PublicKey(TOKEN_PROGRAM);
const legacy = (n: number) => (n + 128) * 6960;
const minimum = (n: number) => (n + 128) * 5080;

function tokenAccount(who: PublicKey, mint = Keypair.generate().publicKey, native = false): AccountInfo<Buffer> {
  const data = tokenAccountData({ mint, owner: who, amount: 5n, ...(native ? { nativeRent: 2_039_280n } : {}) });
  return { data, owner: P, lamports: legacy(T.ACCOUNT_SIZE), executable: false };
}
function mint(authority: PublicKey | null): AccountInfo<Buffer> {
  const data = Buffer.alloc(T.MINT_SIZE);
  T.MintLayout.encode(
    {
      mintAuthorityOption: authority ? 1 : 0,
      mintAuthority: authority ?? PublicKey.default,
      supply: 0n,
      decimals: 0,
      isInitialized: true,
      freezeAuthorityOption: 0,
      freezeAuthority: PublicKey.default,
    },
    data,
  );
  return { data, owner: P, lamports: legacy(T.MINT_SIZE), executable: false };
}

it('counts the owner’s accounts and mints at lamports − minimum, refuses the rest', () => {
  const chain = new Map<string, AccountInfo<Buffer>>();
  const add = (info: AccountInfo<Buffer>) => {
    const k = Keypair.generate().publicKey.toBase58();
    chain.set(k, info);
    return k;
  };
  const mine = add(tokenAccount(owner));
  const ownedMint = add(mint(owner));
  const theirs = add(tokenAccount(stranger));
  const wsol = add(tokenAccount(owner, new PublicKey(NATIVE_MINT), true));
  const foreignMint = add(mint(stranger));
  const notToken = add({ data: Buffer.alloc(0), owner: PublicKey.default, lamports: 5_000_000, executable: false });
  const withdraw = (source: string): DecodedInstruction => ({
    programId: TOKEN_PROGRAM,
    accounts: [source, owner.toBase58(), owner.toBase58()].map((pubkey, i) => ({
      pubkey,
      isSigner: i === 2,
      isWritable: i < 2,
    })),
    data: Uint8Array.from([38]),
  });
  const facts = {
    owner: owner.toBase58(),
    kind: 'closeVacant' as const,
    account: (a: string) => {
      const info = chain.get(a);
      return info ? { lamports: BigInt(info.lamports), owner: info.owner.toBase58(), data: info.data } : null;
    },
    rentMinimum: (a: string) => (chain.has(a) ? BigInt(minimum(chain.get(a)!.data.length)) : null),
  };
  const check = (source: string) =>
    surplusWithdrawal.check(withdraw(source), facts, { burned: new Set(), closed: new Set() });
  expect([mine, ownedMint].map(check)).toEqual([
    BigInt(legacy(165) - minimum(165)), // 550,840
    BigInt(legacy(82) - minimum(82)), // 395,200
  ]);
  for (const refused of [theirs, wsol, foreignMint, notToken]) expect(typeof check(refused)).toBe('string');
  // Without the chain's rent minimum the figure cannot be known: refused, never guessed.
  expect(
    surplusWithdrawal.check(
      withdraw(mine),
      { ...facts, rentMinimum: () => null },
      { burned: new Set(), closed: new Set() },
    ),
  ).toMatch(/rent minimum/);
});
