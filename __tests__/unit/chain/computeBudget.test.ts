/** @jest-environment node */
// Every transaction the page builds for a wallet carries its own compute-budget pair (src/chain/computeBudget.ts), so
// a guarded wallet adds Lighthouse's assertions and nothing to the fee: the fee shown before signing is the chain's.
import bs58 from 'bs58';
import { Keypair, type Transaction } from '@solana/web3.js';
import { COMPUTE_BUDGET_PROGRAM } from '../../../src/common/addresses';
import { authorizationMemoOf, buildAuthorizationMemoTx } from '../../../src/chain/authorizationMemo';
import type { CnftLeaf } from '../../../src/chain/cnft';
import {
  buildBasicFallbackTransaction,
  buildBurnTransaction,
  buildDelegateTransaction,
  buildTrashTransaction,
} from '../../../src/chain/cnftTransactions';
import { decodeTransaction } from '../../../src/chain/decode';
import { priorityFeeOf } from '../../../src/chain/priorityFee';
import { addWalletGuards } from '../../../src/chain/walletAdditions';

const key = () => Keypair.generate().publicKey.toBase58();
const owner = key();
const leaf = (v2: boolean): CnftLeaf => ({
  tree: key(),
  owner,
  root: bs58.encode(new Uint8Array(32).fill(1)),
  dataHash: bs58.encode(new Uint8Array(32).fill(2)),
  creatorHash: bs58.encode(new Uint8Array(32).fill(3)),
  index: 7,
  nonce: 7,
  proof: [key(), key()],
  ...(v2 ? { v2: { flags: 0 } } : {}),
});

const built: Record<string, () => Transaction> = {
  'cNFT transfer (direct trash)': () => buildTrashTransaction(leaf(false), key()),
  'cNFT V2 transfer': () => buildTrashTransaction(leaf(true), key()),
  'cNFT burn': () => buildBurnTransaction(leaf(false)),
  'cNFT delegation (queue, revoke)': () => buildDelegateTransaction(leaf(false), key()),
  'hide-only fallback': () => buildBasicFallbackTransaction(owner, key()),
  'queue authorisation memo': () => buildAuthorizationMemoTx(owner, authorizationMemoOf('ab'.repeat(32))),
};

const withBlockhash = (tx: Transaction) => Object.assign(tx, { recentBlockhash: key() });
const budget = (tx: Transaction) =>
  decodeTransaction(tx).instructions.filter((ix) => ix.programId === COMPUTE_BUDGET_PROGRAM);

test.each(Object.keys(built))('%s: our own limit and price, so a guarded wallet adds no fee of its own', (name) => {
  const tx = withBlockhash(built[name]());
  expect(budget(tx).map((ix) => ix.data[0])).toEqual([2, 3]); // SetComputeUnitLimit, SetComputeUnitPrice
  const guarded = addWalletGuards(tx);
  expect(budget(guarded)).toEqual(budget(tx));
  // The fee the wallet's transaction pays is the fee of ours: 1 lamport of priority at our 1 µlamport per unit.
  expect(priorityFeeOf(decodeTransaction(guarded))).toBe(priorityFeeOf(decodeTransaction(tx)));
  expect(priorityFeeOf(decodeTransaction(tx))).toBe(1n);
});
