/** @jest-environment node */
// The guard judges the whole request (PRODUCT difference 10): a hostile prepare answer that repeats one action in
// several transactions (the same buffer close and nonce withdrawal 10 times, each copy with its own 1 % fee) passed
// the per-transaction checks, and the fee wallet got 10 × the honest fee. Every kind's variant, with 2 and 10 copies:
// one copy passes, the copies are refused, even with the fee ceiling a per-transaction reading would allow.
import { Keypair, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { type CnftLeaf, cnftAssetIdOf, cnftBurnIx, cnftDelegateIx, cnftTransferIx } from '../../../src/chain/cnft';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { type GuardIntent, checkTransactions } from '../../../src/chain/guard';
import { coreBurnV1Ix, nftBurnV1Ix, nftSplBurnIxs } from '../../../src/chain/nftBurn';
import {
  bufferCloseIx,
  nonceWithdrawIx,
  stakeWithdrawIx,
  tableCloseIx,
  tableDeactivateIx,
} from '../../../src/chain/recovery/layouts';
import { approvalSource } from '../../../src/chain/recovery/sources/approval/source';
import { burnAndCloseIxs, closeVacantIxs } from '../../../src/chain/tokenInstructions';
import { withdrawExcessLamportsIx } from '../../../src/chain/withdrawExcess';

const key = () => Keypair.generate().publicKey.toBase58();
const [owner, feeWallet, trashWallet, delegate] = [key(), key(), key(), key()];
const [buffer, nonce, stake, table, account, mint, asset] = Array.from({ length: 7 }, key);
// Figures of the review's replay: a 10,037-byte buffer at 6,960 per byte and a nonce account.
const BUFFER_LAMPORTS = 70_748_400n;
const NONCE_LAMPORTS = 1_447_680n;
const RENT = 2_039_280n;

const leaf = (v2 = false): CnftLeaf => ({
  tree: key(),
  owner,
  root: new Uint8Array(32),
  dataHash: new Uint8Array(32),
  creatorHash: new Uint8Array(32),
  index: 7,
  proof: [key()],
  ...(v2 ? { v2: { flags: 0, assetDataHash: new Uint8Array(32) } } : {}),
});
const revokeIx = () =>
  approvalSource.plan(
    {
      kind: 'approval',
      address: account,
      lamports: 0,
      rentLamports: 0,
      recoverableLamports: 0,
      state: 'ready',
      optIn: true,
      detail: '',
    },
    owner,
  )!.instructions[0];

interface Variant {
  kind: GuardIntent['kind'];
  /** One honest transaction's actions. */
  actions: () => TransactionInstruction[];
  allowed: string[];
  /** What one copy returns (the fee base): each copy carries 1 % of it. */
  feeBase: bigint;
  intent?: Partial<GuardIntent>;
}

const v1Leaf = leaf();
const v2Leaf = leaf(true);
const VARIANTS: Record<string, Variant> = {
  'recover: buffer close and nonce withdrawal (the review’s replay)': {
    kind: 'recover',
    actions: () => [bufferCloseIx(buffer, owner), nonceWithdrawIx(nonce, owner, NONCE_LAMPORTS)],
    allowed: [buffer, nonce],
    feeBase: BUFFER_LAMPORTS + NONCE_LAMPORTS,
  },
  'recover: stake withdrawal': {
    kind: 'recover',
    actions: () => [stakeWithdrawIx(stake, owner, 616_640n)],
    allowed: [stake],
    feeBase: 616_640n,
  },
  'recover: lookup table close': {
    kind: 'recover',
    actions: () => [tableCloseIx(table, owner)],
    allowed: [table],
    feeBase: 1_141_440n,
  },
  'recover: lookup table deactivation': {
    kind: 'recover',
    actions: () => [tableDeactivateIx(table, owner)],
    allowed: [table],
    feeBase: 0n,
  },
  'revoke: an approval revoked': {
    kind: 'recover',
    actions: () => [revokeIx()],
    allowed: [account],
    feeBase: 0n,
  },
  'closeVacant: an empty account closed': {
    kind: 'closeVacant',
    actions: () => closeVacantIxs({ owner, account }),
    allowed: [account],
    feeBase: RENT,
  },
  'closeVacant: a kept account’s surplus withdrawn': {
    kind: 'closeVacant',
    actions: () => [withdrawExcessLamportsIx({ source: account, authority: owner })],
    allowed: [],
    feeBase: 550_840n,
    intent: { surplusSources: [account] },
  },
  'burnTokens: burn and close': {
    kind: 'burnTokens',
    actions: () => burnAndCloseIxs({ owner, account, mint, amount: 10n, decimals: 2 }),
    allowed: [account, mint],
    feeBase: RENT,
  },
  'burnNfts: Token Metadata burnV1': {
    kind: 'burnNfts',
    actions: () => [nftBurnV1Ix({ owner, mint, tokenAccount: account })],
    allowed: [account, mint],
    feeBase: 10_509_600n,
  },
  'burnNfts: SPL burn and close': {
    kind: 'burnNfts',
    actions: () => nftSplBurnIxs({ owner, mint, tokenAccount: account }),
    allowed: [account, mint],
    feeBase: RENT,
  },
  'burnNfts: Metaplex Core burn': {
    kind: 'burnNfts',
    actions: () => [coreBurnV1Ix(owner, asset)],
    allowed: [asset],
    feeBase: 2_971_920n,
  },
  'trashCnft: a cNFT moved to the trash wallet': {
    kind: 'trashCnft',
    actions: () => [cnftTransferIx(v1Leaf, trashWallet)],
    allowed: [cnftAssetIdOf(v1Leaf)],
    feeBase: 0n,
    intent: { trashWallet },
  },
  'trashCnft: a V2 cNFT moved to the trash wallet': {
    kind: 'trashCnft',
    actions: () => [cnftTransferIx(v2Leaf, trashWallet)],
    allowed: [cnftAssetIdOf(v2Leaf)],
    feeBase: 0n,
    intent: { trashWallet },
  },
  'burnCnft: a cNFT burned': {
    kind: 'burnCnft',
    actions: () => [cnftBurnIx(v1Leaf)],
    allowed: [cnftAssetIdOf(v1Leaf)],
    feeBase: 0n,
  },
  'delegateCnft: a cNFT delegated': {
    kind: 'delegateCnft',
    actions: () => [cnftDelegateIx(v1Leaf, delegate)],
    allowed: [cnftAssetIdOf(v1Leaf)],
    feeBase: 0n,
    intent: { delegate },
  },
};

/** `copies` transactions of the variant, each a distinct transaction (its own compute-unit limit) with its own fee. */
function request(v: Variant, copies: number): Transaction[] {
  return Array.from({ length: copies }, (_, i) =>
    new Transaction({ feePayer: new PublicKey(owner), recentBlockhash: key() }).add(
      ...computeBudgetIxs(200_000 + i, 1),
      ...v.actions(),
      ...feeTransferIxs(owner, feeWallet, serviceFee(v.feeBase)),
    ),
  );
}

/** The intent a per-transaction reading gives: `copies` × the fee base, so `copies` × the 1 % fee passes the ceiling. */
const intentFor = (v: Variant, copies: number): GuardIntent => ({
  owner,
  kind: v.kind,
  allowedAccounts: v.allowed,
  feeWallet,
  maxFeeLamports: BigInt(copies) * serviceFee(v.feeBase),
  ...v.intent,
});

describe.each(Object.entries(VARIANTS))('%s', (_name, variant) => {
  it('one transaction passes', () => {
    expect(checkTransactions(request(variant, 1), intentFor(variant, 1))).toEqual({ ok: true });
  });

  it.each([2, 10])(
    '%i copies are refused, though their fees add up to no more than that many times the 1 %',
    (copies) => {
      const result = checkTransactions(request(variant, copies), intentFor(variant, copies));
      expect(result).toEqual({
        ok: false,
        reason: expect.stringMatching(/^transaction 1: .* again \(also in transaction 0\)/),
      });
    },
  );
});
