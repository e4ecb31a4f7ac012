/** @jest-environment node */
// The empty-account and surplus recoveries are recovery sources (src/chain/recovery/sources/vacant/ and surplus/):
// the registry carries them under the empty-account flow (`closeVacant`, kept out of "More SOL in your wallet"), and
// the page's chain-reading guard closes by the vacant source's own rule: an account it refuses (holding tokens,
// someone else's, wrapped SOL with a balance) is refused through that rule, before any simulation.
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { AccountSnapshot, ChainReader } from '../../../src/chain/chainReader';
import { chainGuard, type ChainGuardReport } from '../../../src/chain/chainGuard';
import { chainRuleFor } from '../../../src/chain/chainRules';
import { decodeTransaction } from '../../../src/chain/decode';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { RECOVERY_SOURCES, recoverySource, sourcesOfFlow } from '../../../src/chain/recovery/registry';
import { vacantItem } from '../../../src/chain/recovery/sources/vacant/source';
import { NATIVE_MINT, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { RECOVERY_KINDS } from '../../../src/chain/recovery/registry';
import { tokenAccountData } from '../../support/tokenAccountData';

const owner = Keypair.generate().publicKey;
const stranger = Keypair.generate().publicKey;
const feeWallet = Keypair.generate().publicKey.toBase58();
const RENT = 2_039_280n;
const OWNER_LAMPORTS = 1_000_000_000n;

function tokenAccount(who: PublicKey, amount: bigint, mint = Keypair.generate().publicKey): AccountSnapshot {
  const native = mint.toBase58() === NATIVE_MINT;
  const data = tokenAccountData({ mint, owner: who, amount, ...(native ? { nativeRent: RENT } : {}) });
  return { data, owner: TOKEN_PROGRAM, lamports: RENT + (native ? amount : 0n) };
}

/** A chain of one token account; the simulation moves the owner's SOL by `change` (what the real runtime would). */
function readerOf(address: string, snapshot: AccountSnapshot, change: bigint): ChainReader {
  const wallet = (lamports: bigint): AccountSnapshot => ({ data: new Uint8Array(), owner: SYSTEM_PROGRAM, lamports });
  const chain = new Map<string, AccountSnapshot>([
    [owner.toBase58(), wallet(OWNER_LAMPORTS)],
    [address, snapshot],
  ]);
  return {
    getAccounts: (list) => Promise.resolve(list.map((a) => chain.get(a) ?? null)),
    simulate: () => Promise.resolve({ err: null, logs: [], accounts: [wallet(OWNER_LAMPORTS + change)] }),
  };
}

/** The vacant source's own close of `address`, with the 1 % fee of the rent the page's reading expects. */
function closeTransaction(address: string): Transaction {
  const plan = recoverySource('vacant').plan(
    vacantItem({ address, mint: Keypair.generate().publicKey.toBase58(), programId: TOKEN_PROGRAM, lamports: 0 }),
    owner.toBase58(),
  )!;
  return new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    ...plan.instructions,
    ...feeTransferIxs(owner, feeWallet, serviceFee(Number(RENT))),
  );
}

async function guard(snapshot: AccountSnapshot, change = 0n): Promise<ChainGuardReport | string> {
  const address = Keypair.generate().publicKey.toBase58();
  let report: ChainGuardReport | undefined;
  try {
    await chainGuard([closeTransaction(address)], {
      owner: owner.toBase58(),
      kind: 'closeVacant',
      allowedAccounts: [address],
      feeWallet,
      reader: readerOf(address, snapshot, change),
      onChecked: (r) => (report = r),
    });
  } catch (err) {
    return (err as { reason?: string }).reason ?? String(err);
  }
  return report!;
}

it('the registry carries vacant and surplus under the empty-account flow, kept out of More SOL', () => {
  expect(RECOVERY_KINDS).toEqual(expect.arrayContaining(['vacant', 'surplus']));
  const byKind = Object.fromEntries(RECOVERY_SOURCES.map((s) => [s.kind, s.flow]));
  expect(byKind).toMatchObject({ vacant: 'closeVacant', surplus: 'closeVacant', stake: 'recover' });
  expect(sourcesOfFlow('recover').map((s) => s.kind)).toEqual([
    'stake',
    'programBuffer',
    'nonce',
    'lookupTable',
    'approval',
    'closableMint',
    'wrappedSol',
    'openbookV1',
    'openbookV2',
    'pumpCreatorFee',
    'pumpVolumeAccumulator',
  ]);
});

it('a close in the empty-account flow is checked by the vacant source’s chain rule, a burn’s close by the burns’', () => {
  const [close] = decodeTransaction(closeTransaction(Keypair.generate().publicKey.toBase58())).instructions;
  expect(chainRuleFor(close, 'closeVacant')).toBe(recoverySource('vacant').chainRules[0]);
  expect(chainRuleFor(close, 'burnTokens')?.name).toBe('token account close');
});

it('passes an empty account of the owner: its rent comes back, the fee is 1 % of it', async () => {
  const fee = BigInt(serviceFee(Number(RENT)));
  const report = await guard(tokenAccount(owner, 0n), RENT - fee - 5_000n);
  expect(report).toMatchObject({
    transactions: [{ returnsLamports: Number(RENT), paysLamports: Number(fee), networkFeeLamports: 5_000 }],
    ownerChangeLamports: Number(RENT - fee - 5_000n),
  });
});

it.each([
  ['holding tokens', () => tokenAccount(owner, 5n), /still holds tokens/],
  ['someone else’s', () => tokenAccount(stranger, 0n), /belongs to .*, not the owner/],
  ['wrapped SOL with a balance', () => tokenAccount(owner, 7n, new PublicKey(NATIVE_MINT)), /still holds wrapped SOL/],
])('refuses the close of an account %s through the source’s rule', async (_what, snapshot, reason) => {
  expect(await guard(snapshot())).toMatch(reason);
});
