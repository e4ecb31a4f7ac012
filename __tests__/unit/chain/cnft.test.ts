/** @jest-environment node */
import {
  getBurnInstructionDataSerializer,
  getDelegateInstructionDataSerializer,
  getTransferInstructionDataSerializer,
} from '@metaplex-foundation/mpl-bubblegum';
import bs58 from 'bs58';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { ACCOUNT_COMPRESSION_PROGRAM, BUBBLEGUM_PROGRAM, SPL_NOOP_PROGRAM } from '../../../src/common/addresses';
import {
  type CnftLeaf,
  cnftAssetId,
  cnftAssetIdOf,
  cnftBurnIx,
  cnftDelegateIx,
  cnftTransferIx,
  treeConfigAddress,
} from '../../../src/chain/cnft';
import { leafFor } from '../../../src/chain/cnftTransactions';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { checkTransaction } from '../../../src/chain/guard';
import { measureTransactionSize } from '../../../src/chain/pack';

const key = () => Keypair.generate().publicKey.toBase58();
const hash = () => bs58.encode(Keypair.generate().publicKey.toBytes());
const owner = Keypair.generate().publicKey;
const trash = key();
const leaf: CnftLeaf = {
  tree: key(),
  owner,
  root: hash(),
  dataHash: hash(),
  creatorHash: hash(),
  index: 5,
  proof: Array.from({ length: 14 }, key),
};

const args = () => ({
  root: bs58.decode(leaf.root as string),
  dataHash: bs58.decode(leaf.dataHash as string),
  creatorHash: bs58.decode(leaf.creatorHash as string),
  nonce: 5,
  index: 5,
});

describe('Bubblegum builders', () => {
  it('encode the same bytes as mpl-bubblegum', () => {
    expect(cnftTransferIx(leaf, trash).data).toEqual(
      Buffer.from(getTransferInstructionDataSerializer().serialize(args())),
    );
    expect(cnftBurnIx(leaf).data).toEqual(Buffer.from(getBurnInstructionDataSerializer().serialize(args())));
    expect(cnftDelegateIx(leaf, trash).data).toEqual(
      Buffer.from(getDelegateInstructionDataSerializer().serialize(args())),
    );
  });

  it('lay out the accounts as the program expects, proof last', () => {
    const ix = cnftTransferIx(leaf, trash);
    const keys = ix.keys.map((k) => k.pubkey.toBase58());
    expect(ix.programId.toBase58()).toBe(BUBBLEGUM_PROGRAM);
    expect(keys.slice(0, 7)).toEqual([
      treeConfigAddress(leaf.tree).toBase58(),
      owner.toBase58(),
      owner.toBase58(),
      trash,
      leaf.tree,
      SPL_NOOP_PROGRAM,
      ACCOUNT_COMPRESSION_PROGRAM,
    ]);
    expect(ix.keys[1].isSigner).toBe(true);
    expect(ix.keys[4].isWritable).toBe(true);
    expect(keys.slice(8)).toEqual(leaf.proof);
    const burn = cnftBurnIx(leaf).keys.map((k) => k.pubkey.toBase58());
    expect(burn[3]).toBe(leaf.tree);
    expect(burn.slice(7)).toEqual(leaf.proof);
  });

  it('refuse an empty proof', () => {
    expect(() => cnftTransferIx({ ...leaf, proof: [] }, trash)).toThrow('non-empty');
  });

  it('size: 485 + 33 per proof node, +52 with compute budget (PRODUCT figures)', () => {
    for (const n of [1, 12, 21]) {
      const proof = Array.from({ length: n }, key);
      const tx = new Transaction({ feePayer: owner, recentBlockhash: key() }).add(
        cnftTransferIx({ ...leaf, proof }, trash),
      );
      expect(measureTransactionSize(tx)).toBe(485 + 33 * n);
      const withBudget = new Transaction({ feePayer: owner, recentBlockhash: key() }).add(
        ...computeBudgetIxs(400_000),
        cnftTransferIx({ ...leaf, proof }, trash),
      );
      expect(measureTransactionSize(withBudget)).toBe(485 + 33 * n + 52);
    }
  });

  it('read DAS answers, cutting the proof to the levels below the canopy', () => {
    const das = leafFor(
      {
        compression: { data_hash: leaf.dataHash as string, creator_hash: leaf.creatorHash as string, leaf_id: 5 },
        ownership: { owner: owner.toBase58(), delegate: null },
      },
      { proof: leaf.proof, root: leaf.root as string, tree_id: leaf.tree as string, node_index: 16384 + 5 },
      { maxDepth: 14, canopyDepth: 2 },
    );
    expect(das.proof).toHaveLength(12);
    expect(das.tree).toBe(leaf.tree);
    expect(cnftAssetIdOf(das)).toBe(cnftAssetId(leaf.tree as string, 5));
    expect(cnftTransferIx(das, trash).data).toEqual(cnftTransferIx(leaf, trash).data);
  });

  it('pass the guard for the selected asset and the configured wallets only', () => {
    const assetId = cnftAssetId(leaf.tree, 5);
    const base = { owner: owner.toBase58(), allowedAccounts: [assetId], trashWallet: trash, delegate: trash };
    const tx = (ix: ReturnType<typeof cnftBurnIx>) =>
      new Transaction({ feePayer: owner, recentBlockhash: key() }).add(...computeBudgetIxs(400_000), ix);
    expect(checkTransaction(tx(cnftTransferIx(leaf, trash)), { ...base, kind: 'trashCnft' })).toEqual({ ok: true });
    expect(checkTransaction(tx(cnftBurnIx(leaf)), { ...base, kind: 'burnCnft' })).toEqual({ ok: true });
    expect(checkTransaction(tx(cnftDelegateIx(leaf, trash)), { ...base, kind: 'delegateCnft' })).toEqual({ ok: true });
    expect(checkTransaction(tx(cnftTransferIx(leaf, key())), { ...base, kind: 'trashCnft' }).ok).toBe(false);
    expect(checkTransaction(tx(cnftBurnIx(leaf)), { ...base, kind: 'trashCnft' }).ok).toBe(false);
    expect(checkTransaction(tx(cnftTransferIx({ ...leaf, index: 6 }, trash)), { ...base, kind: 'trashCnft' }).ok).toBe(
      false,
    );
    expect(checkTransaction(tx(cnftDelegateIx(leaf, key())), { ...base, kind: 'delegateCnft' }).ok).toBe(false);
  });
});

it('asset id matches PublicKey derivation', () => {
  const tree = key();
  const seed = Buffer.alloc(8);
  seed.writeBigUInt64LE(3n);
  const expected = PublicKey.findProgramAddressSync(
    [Buffer.from('asset'), new PublicKey(tree).toBuffer(), seed],
    new PublicKey(BUBBLEGUM_PROGRAM),
  )[0];
  expect(cnftAssetId(tree, 3)).toBe(expected.toBase58());
});
