// Emulated Bubblegum V2 (see emulated/types.ts): transferV2, burnV2 and delegateV2 of LeafSchema V2 leaves, after
// mpl-bubblegum programs/bubblegum/program/src/processor/{transfer,burn,delegate}.rs:
// - V2 instructions only work on V2 trees (UnsupportedSchemaVersion); log wrapper = mpl-noop, compression program =
//   mpl-account-compression; payer signs; authority (default payer) must be the leaf owner or delegate (InvalidAuthority);
// - transfer / burn / delegate refuse a leaf frozen by its owner-delegate or a permanent delegate (AssetIsFrozen);
//   transfer also refuses a non-transferable (soulbound) leaf (AssetIsNonTransferable); burn accepts it;
// - the leaf is rebuilt from owner, delegate, data/creator hashes, collection hash (the core_collection account, or
//   the default key; delegateV2 takes the hash as an argument), asset-data hash and flags, then checked with the proof;
// - transferV2 moves TRANSFER_V2_FEE_LAMPORTS (6,000, state/collect.rs) from the payer to the tree config;
// - a Core collection passed to burnV2 has its size decremented (UpdateCollectionInfoV1 CPI).
import bs58 from 'bs58';
import {
  getBurnV2InstructionDataSerializer,
  getDelegateV2InstructionDataSerializer,
  getTransferV2InstructionDataSerializer,
} from '@metaplex-foundation/mpl-bubblegum';
import { isSome, unwrapOption, type Option } from '@metaplex-foundation/umi';
import type { Chain } from '../../chain';
import { EmulatedProgramError, type EmulatedInstruction } from '../../emulated/types';
import type { CnftStore } from '../cnfts';
import { BUBBLEGUM_PROGRAM, MPL_ACCOUNT_COMPRESSION_PROGRAM, MPL_CORE_PROGRAM, MPL_NOOP_PROGRAM } from '../constants';
import { decodeCoreCollection, writeCollectionData } from '../core';
import { DEFAULT_ASSET_DATA_HASH, collectionHashOf, leafHashV2 } from '../leaf';
import { assetIdPda, mplCoreCpiSignerPda, treeConfigPda } from '../pdas';
import { claim } from './claims';

const E = {
  InstructionFallbackNotFound: 101,
  AccountNotEnoughKeys: 3005,
  ConstraintMut: 2000,
  ConstraintSeeds: 2006,
  AccountNotSigner: 3010,
  AccountOwnedByWrongProgram: 3007,
  UnsupportedSchemaVersion: 6003,
  IncorrectOwner: 6019,
  InvalidLogWrapper: 6042,
  InvalidCompressionProgram: 6043,
  AssetIsFrozen: 6045,
  AssetIsNonTransferable: 6046,
  InvalidAuthority: 6047,
  MissingMplCoreCpiSignerAccount: 6055,
  ConcurrentMerkleTreeError: 6001,
};
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated Bubblegum: ${msg}`);
export const TRANSFER_V2_FEE_LAMPORTS = 6000n;
const FROZEN = 1 | 2;
const NON_TRANSFERABLE = 4;

type KindV2 = 'transferV2' | 'burnV2' | 'delegateV2';
const SERIALIZERS = {
  transferV2: getTransferV2InstructionDataSerializer(),
  burnV2: getBurnV2InstructionDataSerializer(),
  delegateV2: getDelegateV2InstructionDataSerializer(),
};
const zero = new Uint8Array(32);
export const V2_DISCRIMINATORS = Object.entries(SERIALIZERS).map(
  ([kind, s]) =>
    [
      kind as KindV2,
      (s.serialize as (a: unknown) => Uint8Array)({
        root: zero,
        dataHash: zero,
        creatorHash: zero,
        nonce: 0,
        index: 0,
      }).subarray(0, 8),
    ] as const,
);
// Account positions (generated/instructions/{transferV2,burnV2,delegateV2}.js), then the proof.
const LAYOUT = {
  transferV2: {
    payer: 1,
    authority: 2,
    owner: 3,
    delegate: 4,
    target: 5,
    tree: 6,
    collection: 7,
    noop: 8,
    compression: 9,
    fixed: 11,
  },
  burnV2: {
    payer: 1,
    authority: 2,
    owner: 3,
    delegate: 4,
    target: -1,
    tree: 5,
    collection: 6,
    noop: 8,
    compression: 9,
    fixed: 12,
  },
  delegateV2: {
    payer: 1,
    authority: 2,
    owner: 2,
    delegate: 3,
    target: 4,
    tree: 5,
    collection: -1,
    noop: 6,
    compression: 7,
    fixed: 9,
  },
};

interface ArgsV2 {
  root: Uint8Array;
  dataHash: Uint8Array;
  creatorHash: Uint8Array;
  collectionHash?: Option<Uint8Array>;
  assetDataHash: Option<Uint8Array>;
  flags: Option<number>;
  nonce: number | bigint;
  index: number;
}

export function prepareV2(
  kind: KindV2,
  ix: EmulatedInstruction,
  store: CnftStore,
  chain: Chain,
  signers: Set<string>,
): () => void {
  const l = LAYOUT[kind];
  if (ix.accounts.length < l.fixed) throw fail('AccountNotEnoughKeys', `${kind} needs ${l.fixed} accounts`);
  let args: ArgsV2;
  try {
    [args] = (SERIALIZERS[kind].deserialize as (d: Uint8Array) => [ArgsV2, number])(ix.data);
  } catch {
    throw fail('InstructionFallbackNotFound', 'bad instruction data');
  }
  const acc = (i: number) => ix.accounts[i];
  const opt = (i: number) => (i < 0 || acc(i).pubkey === BUBBLEGUM_PROGRAM ? null : acc(i).pubkey); // Umi's "none"
  const tree = store.trees.get(acc(l.tree).pubkey);
  if (!tree) throw fail('AccountOwnedByWrongProgram', 'merkle tree is not a local Bubblegum tree');
  if (tree.version !== 2) throw fail('UnsupportedSchemaVersion', 'V2 instructions only work with V2 trees');
  if (!acc(l.tree).isWritable) throw fail('ConstraintMut', 'merkle tree must be writable');
  if (acc(0).pubkey !== treeConfigPda(tree.address)) throw fail('ConstraintSeeds', "tree config is not the tree's PDA");
  if (acc(l.noop).pubkey !== MPL_NOOP_PROGRAM) throw fail('InvalidLogWrapper', 'log wrapper must be mpl-noop');
  if (acc(l.compression).pubkey !== MPL_ACCOUNT_COMPRESSION_PROGRAM)
    throw fail('InvalidCompressionProgram', 'wrong compression program');

  const payer = acc(l.payer).pubkey;
  if (!signers.has(payer)) throw fail('AccountNotSigner', 'payer must sign');
  const authority = opt(l.authority) ?? payer;
  if (!signers.has(authority)) throw fail('AccountNotSigner', 'authority must sign');
  const owner = kind === 'delegateV2' ? authority : acc(l.owner).pubkey;
  const delegate = opt(l.delegate) ?? owner;
  if (kind !== 'delegateV2' && authority !== owner && authority !== delegate)
    throw fail('InvalidAuthority', 'authority is neither leaf owner nor delegate');

  const flags = unwrapOption(args.flags) ?? 0;
  if (flags & FROZEN) throw fail('AssetIsFrozen', 'the asset is frozen');
  if (kind === 'transferV2' && flags & NON_TRANSFERABLE)
    throw fail('AssetIsNonTransferable', 'the asset is non-transferable');

  const collection = opt(l.collection);
  let collectionHash: Uint8Array;
  if (kind === 'delegateV2') collectionHash = unwrapOption(args.collectionHash!) ?? collectionHashOf(null);
  else {
    if (collection && chain.getAccount(collection)?.owner !== MPL_CORE_PROGRAM)
      throw fail('IncorrectOwner', 'collection is not a Core account');
    // burn_v2 updates the collection's size through mpl-core, signed by its CPI signer PDA (processor/burn.rs).
    if (kind === 'burnV2' && collection) {
      if (!acc(l.collection).isWritable) throw fail('ConstraintMut', 'core collection must be writable');
      const signer = opt(7);
      if (!signer) throw fail('MissingMplCoreCpiSignerAccount', 'the mpl-core CPI signer account is missing');
      if (signer !== mplCoreCpiSignerPda()) throw fail('ConstraintSeeds', 'not the mpl-core CPI signer PDA');
    }
    collectionHash = collectionHashOf(collection);
  }
  const assetDataHash = isSome(args.assetDataHash) ? args.assetDataHash.value : DEFAULT_ASSET_DATA_HASH;
  const nonce = Number(args.nonce);
  const id = assetIdPda(tree.address, nonce);
  const leaf = leafHashV2({
    id,
    owner,
    delegate,
    nonce,
    dataHash: args.dataHash,
    creatorHash: args.creatorHash,
    collectionHash,
    assetDataHash,
    flags,
  });
  const proof = ix.accounts.slice(l.fixed).map((a) => Buffer.from(bs58.decode(a.pubkey)));
  if (!tree.verify(Buffer.from(args.root), leaf, args.index, proof))
    throw fail('ConcurrentMerkleTreeError', 'invalid root recomputed from proof');
  const record = store.records.get(id);
  if (!record || record.leafIndex !== args.index)
    throw fail('ConcurrentMerkleTreeError', 'leaf index does not match the asset');
  if (!claim(signers, `leaf:${id}`)) throw fail('ConcurrentMerkleTreeError', 'leaf contents modified');

  const target = l.target >= 0 ? acc(l.target).pubkey : '';
  if (kind === 'transferV2') {
    const payerAcc = chain.getAccount(payer);
    if (!payerAcc || payerAcc.lamports < TRANSFER_V2_FEE_LAMPORTS)
      throw fail('InvalidAuthority', 'payer cannot pay the transfer fee');
    return () => {
      const p = chain.getAccount(payer)!;
      chain.setAccount(payer, {
        lamports: p.lamports - TRANSFER_V2_FEE_LAMPORTS,
        owner: p.owner,
        data: p.data,
        executable: p.executable,
      });
      const cfg = chain.getAccount(acc(0).pubkey)!;
      chain.setAccount(acc(0).pubkey, {
        lamports: cfg.lamports + TRANSFER_V2_FEE_LAMPORTS,
        owner: cfg.owner,
        data: cfg.data,
      });
      if (!chain.simulating) store.update(id, { owner: target, delegate: null });
    };
  }
  if (kind === 'delegateV2')
    return () => {
      if (!chain.simulating) store.update(id, { delegate: target === owner ? null : target });
    };
  return () => {
    if (collection) {
      const c = decodeCoreCollection(chain.getAccount(collection)!.data);
      if (c) writeCollectionData(chain, collection, { ...c, currentSize: Math.max(0, c.currentSize - 1) });
    }
    if (!chain.simulating) store.update(id, { burnt: true });
  };
}
