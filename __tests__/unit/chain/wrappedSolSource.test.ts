/** @jest-environment node */
// The wrapped-SOL source (src/chain/recovery/sources/wrappedSol/): the page's chain-reading guard, in the More SOL
// flow, takes an unwrap of the owner's wrapped SOL as returning its whole balance with the 1 % fee measured on the
// rent only; a fee taken on the wrapped SOL, a close of an account that is not wrapped SOL, someone else's account or
// a close paying another wallet are refused before any simulation.
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { AccountSnapshot, ChainReader } from '../../../src/chain/chainReader';
import { chainGuard, type ChainGuardReport } from '../../../src/chain/chainGuard';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { wrappedSolSource } from '../../../src/chain/recovery/sources/wrappedSol/source';
import { NATIVE_MINT, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { tokenAccountData } from '../../support/tokenAccountData';

const owner = Keypair.generate().publicKey;
const stranger = Keypair.generate().publicKey;
const feeWallet = Keypair.generate().publicKey.toBase58();
const RENT = 2_039_280n;
const WRAPPED = 250_000_000n;
const OWNER_LAMPORTS = 1_000_000_000n;
const NETWORK_FEE = 5_000n;

/** An SPL Token account of `mint` holding `amount`; wrapped SOL holds its amount in lamports above the rent. */
function tokenAccount(who: PublicKey, amount: bigint, mint = new PublicKey(NATIVE_MINT)): AccountSnapshot {
  const native = mint.toBase58() === NATIVE_MINT;
  const data = tokenAccountData({ mint, owner: who, amount, ...(native ? { nativeRent: RENT } : {}) });
  return { data, owner: TOKEN_PROGRAM, lamports: RENT + (native ? amount : 0n) };
}

/** The source's own unwrap of `address`, followed by a service fee of `fee`. */
function unwrapTransaction(address: string, fee: number, lamports: bigint): Transaction {
  const plan = wrappedSolSource.plan(
    {
      kind: 'wrappedSol',
      address,
      lamports: Number(lamports),
      rentLamports: Number(RENT),
      recoverableLamports: Number(lamports),
      state: 'ready',
      optIn: true,
    },
    owner.toBase58(),
  )!;
  expect(plan.feeBase).toBe(RENT);
  return new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    ...plan.instructions,
    ...feeTransferIxs(owner, feeWallet, fee),
  );
}

async function guard(
  snapshot: AccountSnapshot,
  { fee = serviceFee(Number(RENT)), edit = (_tx: Transaction) => {} } = {},
): Promise<ChainGuardReport | string> {
  const address = Keypair.generate().publicKey.toBase58();
  const change = snapshot.lamports - BigInt(fee) - NETWORK_FEE;
  const wallet = (lamports: bigint): AccountSnapshot => ({ data: new Uint8Array(), owner: SYSTEM_PROGRAM, lamports });
  const chain = new Map<string, AccountSnapshot>([
    [owner.toBase58(), wallet(OWNER_LAMPORTS)],
    [address, snapshot],
  ]);
  const reader: ChainReader = {
    getAccounts: (list) => Promise.resolve(list.map((a) => chain.get(a) ?? null)),
    simulate: () => Promise.resolve({ err: null, logs: [], accounts: [wallet(OWNER_LAMPORTS + change)] }),
  };
  const tx = unwrapTransaction(address, fee, snapshot.lamports);
  edit(tx);
  let report: ChainGuardReport | undefined;
  try {
    await chainGuard([tx], {
      owner: owner.toBase58(),
      kind: 'recover',
      allowedAccounts: [address],
      feeWallet,
      reader,
      onChecked: (r) => (report = r),
    });
  } catch (err) {
    return (err as { reason?: string }).reason ?? String(err);
  }
  return report!;
}

it('passes the unwrap of the owner’s wrapped SOL: all of it comes back, the fee is 1 % of the rent only', async () => {
  const fee = serviceFee(Number(RENT));
  const report = await guard(tokenAccount(owner, WRAPPED));
  expect(report).toMatchObject({
    transactions: [{ returnsLamports: Number(RENT + WRAPPED), paysLamports: fee, networkFeeLamports: 5_000 }],
    ownerChangeLamports: Number(RENT + WRAPPED - BigInt(fee) - NETWORK_FEE),
  });
});

it('refuses a fee taken on the wrapped SOL too', async () => {
  expect(await guard(tokenAccount(owner, WRAPPED), { fee: serviceFee(Number(RENT + WRAPPED)) })).toMatch(/fee/i);
});

it.each([
  [
    'a token account that is not wrapped SOL',
    () => tokenAccount(owner, 0n, Keypair.generate().publicKey),
    /not wrapped SOL/,
  ],
  ['someone else’s wrapped SOL', () => tokenAccount(stranger, WRAPPED), /belongs to .*, not the owner/],
])('refuses the unwrap of %s through the source’s rule', async (_what, snapshot, reason) => {
  expect(await guard(snapshot())).toMatch(reason);
});

it('refuses an unwrap paying another wallet', async () => {
  const attacker = Keypair.generate().publicKey;
  const reason = await guard(tokenAccount(owner, WRAPPED), {
    edit: (tx) => (tx.instructions[0].keys[1].pubkey = attacker),
  });
  expect(reason).toMatch(/close pays/);
});
