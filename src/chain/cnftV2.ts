// Bubblegum V2 leaf instructions (PRODUCT difference 12): transferV2, burnV2, delegateV2, encoded by hand like cnft.ts (keeps
// mpl-bubblegum out of the browser bundle; tests check the bytes against mpl-bubblegum v5's serializers).
// Layouts: mpl-bubblegum clients/js generated/instructions/{transferV2,burnV2,delegateV2}; rules:
// programs/bubblegum/program/src/processor/{transfer,burn,delegate}.rs — frozen (flags bits 0/1) refuses all three,
// non-transferable (bit 2) refuses transfer only; optional accounts absent = the Bubblegum program id (Anchor).
import bs58 from 'bs58';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import {
  BUBBLEGUM_PROGRAM,
  MPL_ACCOUNT_COMPRESSION_PROGRAM,
  MPL_CORE_PROGRAM,
  MPL_NOOP_PROGRAM,
  SYSTEM_PROGRAM,
} from '../common/addresses';
import type { CnftLeaf } from './cnft';
import { type Address, toPublicKey } from './keys';

// Own copies (not imported from cnft.ts, which imports this file): module order must not matter.
const BUBBLEGUM_PROGRAM_ID = new PublicKey(BUBBLEGUM_PROGRAM);
const treeConfigAddress = (tree: Address) =>
  PublicKey.findProgramAddressSync([toPublicKey(tree).toBuffer()], BUBBLEGUM_PROGRAM_ID)[0];
/**
 * The PDA Bubblegum signs mpl-core's UpdateCollectionInfoV1 with: burnV2 of a leaf in a Core collection must pass it,
 * or fails with MissingMplCoreCpiSignerAccount (processor/burn.rs burn_v2; seed MPL_CORE_CPI_SIGNER_PREFIX, state/mod.rs).
 */
export const MPL_CORE_CPI_SIGNER = PublicKey.findProgramAddressSync(
  [Buffer.from('mpl_core_cpi_signer')],
  BUBBLEGUM_PROGRAM_ID,
)[0];
/** keccak(default key): the collection hash of a V2 leaf in no collection (utils.rs DEFAULT_COLLECTION_HASH). */
export const DEFAULT_COLLECTION_HASH = bs58.encode(
  Uint8Array.from([
    41, 13, 236, 217, 84, 139, 98, 168, 214, 3, 69, 169, 136, 56, 111, 200, 75, 166, 188, 149, 72, 64, 8, 246, 54, 47,
    147, 22, 14, 243, 229, 99,
  ]),
);

export const BUBBLEGUM_V2_DISCRIMINATORS = {
  transferV2: [119, 40, 6, 235, 234, 221, 248, 49],
  burnV2: [115, 210, 34, 240, 232, 143, 183, 16],
  delegateV2: [95, 87, 125, 140, 181, 131, 128, 227],
} as const;

const bytes32 = (v: string | Uint8Array): Buffer => {
  const b = typeof v === 'string' ? Buffer.from(bs58.decode(v)) : Buffer.from(v);
  if (b.length !== 32) throw new Error('hash must be 32 bytes');
  return b;
};
const option32 = (v: string | Uint8Array | undefined) =>
  v === undefined ? Buffer.of(0) : Buffer.concat([Buffer.of(1), bytes32(v)]);

function dataV2(kind: keyof typeof BUBBLEGUM_V2_DISCRIMINATORS, leaf: CnftLeaf): Buffer {
  const v2 = leaf.v2!;
  const tailBytes = Buffer.alloc(12);
  tailBytes.writeBigUInt64LE(BigInt(leaf.nonce ?? leaf.index), 0);
  tailBytes.writeUInt32LE(leaf.index, 8);
  return Buffer.concat([
    Buffer.from(BUBBLEGUM_V2_DISCRIMINATORS[kind]),
    bytes32(leaf.root),
    bytes32(leaf.dataHash),
    bytes32(leaf.creatorHash),
    ...(kind === 'delegateV2' ? [option32(v2.collectionHash)] : []),
    option32(v2.assetDataHash),
    Buffer.of(1, v2.flags),
    tailBytes,
  ]);
}

const meta = (pubkey: Address, isSigner = false, isWritable = false) => ({
  pubkey: toPublicKey(pubkey),
  isSigner,
  isWritable,
});
const NONE = meta(BUBBLEGUM_PROGRAM_ID);
const proofOf = (leaf: CnftLeaf) => {
  if (leaf.proof.length === 0) throw new Error('A proof must be a non-empty list');
  return leaf.proof.map((n) => meta(n));
};

/** transferV2 paid and authorised by `payer` (the owner, or the leaf delegate for a delegated transfer). */
export function cnftTransferV2Ix(
  leaf: CnftLeaf,
  newOwner: Address,
  payer: Address = leaf.owner,
): TransactionInstruction {
  const collection = leaf.v2?.coreCollection;
  return new TransactionInstruction({
    programId: BUBBLEGUM_PROGRAM_ID,
    data: dataV2('transferV2', leaf),
    keys: [
      meta(treeConfigAddress(leaf.tree), false, true),
      meta(payer, true, true),
      NONE,
      meta(leaf.owner),
      leaf.delegate ? meta(leaf.delegate) : NONE,
      meta(newOwner),
      meta(leaf.tree, false, true),
      collection ? meta(collection) : NONE,
      meta(MPL_NOOP_PROGRAM),
      meta(MPL_ACCOUNT_COMPRESSION_PROGRAM),
      meta(SYSTEM_PROGRAM),
      ...proofOf(leaf),
    ],
  });
}

/** burnV2 by the owner (payer = authority = owner); a leaf in a Core collection names it and the CPI signer. */
export function cnftBurnV2Ix(leaf: CnftLeaf): TransactionInstruction {
  const collection = leaf.v2?.coreCollection;
  return new TransactionInstruction({
    programId: BUBBLEGUM_PROGRAM_ID,
    data: dataV2('burnV2', leaf),
    keys: [
      meta(treeConfigAddress(leaf.tree), false, true),
      meta(leaf.owner, true, true),
      NONE,
      meta(leaf.owner),
      leaf.delegate ? meta(leaf.delegate) : NONE,
      meta(leaf.tree, false, true),
      collection ? meta(collection, false, true) : NONE,
      collection ? meta(MPL_CORE_CPI_SIGNER) : NONE,
      meta(MPL_NOOP_PROGRAM),
      meta(MPL_ACCOUNT_COMPRESSION_PROGRAM),
      meta(MPL_CORE_PROGRAM),
      meta(SYSTEM_PROGRAM),
      ...proofOf(leaf),
    ],
  });
}

/** delegateV2 by the owner (payer = leaf owner). */
export function cnftDelegateV2Ix(leaf: CnftLeaf, newDelegate: Address): TransactionInstruction {
  return new TransactionInstruction({
    programId: BUBBLEGUM_PROGRAM_ID,
    data: dataV2('delegateV2', leaf),
    keys: [
      meta(treeConfigAddress(leaf.tree), false, true),
      meta(leaf.owner, true, true),
      NONE,
      leaf.delegate ? meta(leaf.delegate) : NONE,
      meta(newDelegate),
      meta(leaf.tree, false, true),
      meta(MPL_NOOP_PROGRAM),
      meta(MPL_ACCOUNT_COMPRESSION_PROGRAM),
      meta(SYSTEM_PROGRAM),
      ...proofOf(leaf),
    ],
  });
}

/** Position of the leaf's accounts in each V2 instruction (for the guard): payer, owner, target, tree. */
export const V2_LAYOUT = {
  transferV2: { payer: 1, owner: 3, target: 5, tree: 6, fixed: 11 },
  burnV2: { payer: 1, owner: 3, target: -1, tree: 5, fixed: 12 },
  delegateV2: { payer: 1, owner: 1, target: 4, tree: 5, fixed: 9 },
} as const;
