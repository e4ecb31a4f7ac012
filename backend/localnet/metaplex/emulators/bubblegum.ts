// Emulated Bubblegum (the real program ships in no registry; see emulated/types.ts): transfer, delegate and burn of
// V1 leaves (V2 leaves: bubblegumV2.ts). As the program does, it recomputes the leaf from the accounts and hash arguments and checks the proof
// (remaining accounts, canopy-truncated) against the tree through its changelog; the effect replaces the leaf.
import bs58 from 'bs58';
import {
  getBurnInstructionDataSerializer,
  getDelegateInstructionDataSerializer,
  getTransferInstructionDataSerializer,
} from '@metaplex-foundation/mpl-bubblegum';
import { EmulatedProgramError, type EmulatedInstruction, type ProgramEmulator } from '../../emulated/types';
import type { CnftStore } from '../cnfts';
import { ACCOUNT_COMPRESSION_PROGRAM, BUBBLEGUM_PROGRAM, SPL_NOOP_PROGRAM } from '../constants';
import { leafHash } from '../leaf';
import { assetIdPda, treeConfigPda } from '../pdas';
import { prepareV2, V2_DISCRIMINATORS } from './bubblegumV2';
import { claim } from './claims';

// Anchor / mpl-bubblegum / account-compression error codes
const E = {
  InstructionFallbackNotFound: 101,
  AccountNotEnoughKeys: 3005,
  ConstraintMut: 2000,
  ConstraintSeeds: 2006,
  AccountNotSigner: 3010,
  UnsupportedSchemaVersion: 6003,
  AccountOwnedByWrongProgram: 3007,
  LeafAuthorityMustSign: 6024,
  InvalidLogWrapper: 6041,
  InvalidCompressionProgram: 6042,
  ConcurrentMerkleTreeError: 6001,
};
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated Bubblegum: ${msg}`);

type Kind = 'transfer' | 'delegate' | 'burn';
const SERIALIZERS = {
  transfer: getTransferInstructionDataSerializer(),
  delegate: getDelegateInstructionDataSerializer(),
  burn: getBurnInstructionDataSerializer(),
};
const DISCRIMINATORS = Object.entries(SERIALIZERS).map(
  ([kind, s]) =>
    [
      kind as Kind,
      s
        .serialize({
          root: new Uint8Array(32),
          dataHash: new Uint8Array(32),
          creatorHash: new Uint8Array(32),
          nonce: 0,
          index: 0,
        })
        .subarray(0, 8),
    ] as const,
);
// Position of the fixed accounts per instruction (then the proof as remaining accounts).
const LAYOUT = {
  transfer: { owner: 1, delegate: 2, target: 3, tree: 4, noop: 5, compression: 6, fixed: 8 },
  delegate: { owner: 1, delegate: 2, target: 3, tree: 4, noop: 5, compression: 6, fixed: 8 },
  burn: { owner: 1, delegate: 2, target: -1, tree: 3, noop: 4, compression: 5, fixed: 7 },
};

export function bubblegumEmulator(store: CnftStore): ProgramEmulator {
  return {
    programId: BUBBLEGUM_PROGRAM,
    // transferV2 moves its fee from the payer: simulations report it (chain.simulating; the index is left alone then).
    lamportEffects: true,
    prepare(ix, { chain, signers }) {
      const head = Buffer.from(ix.data.subarray(0, 8));
      const v2 = V2_DISCRIMINATORS.find(([, d]) => head.equals(d))?.[0];
      if (v2) return prepareV2(v2, ix, store, chain, signers);
      const kind = DISCRIMINATORS.find(([, d]) => head.equals(d))?.[0];
      if (!kind)
        throw fail('InstructionFallbackNotFound', 'only transfer, delegate and burn (V1 and V2) are emulated locally');
      const apply = prepare(kind, ix, store, signers);
      return () => {
        if (!chain.simulating) apply();
      };
    },
  };
}

function prepare(kind: Kind, ix: EmulatedInstruction, store: CnftStore, signers: Set<string>): () => void {
  const l = LAYOUT[kind];
  if (ix.accounts.length < l.fixed) throw fail('AccountNotEnoughKeys', `${kind} needs ${l.fixed} accounts`);
  let args: { root: Uint8Array; dataHash: Uint8Array; creatorHash: Uint8Array; nonce: number | bigint; index: number };
  try {
    [args] = SERIALIZERS[kind].deserialize(ix.data);
  } catch {
    throw fail('InstructionFallbackNotFound', 'bad instruction data');
  }
  const acc = (i: number) => ix.accounts[i];
  const tree = store.trees.get(acc(l.tree).pubkey);
  if (!tree) throw fail('AccountOwnedByWrongProgram', 'merkle tree is not a local Bubblegum tree');
  if (tree.version !== 1) throw fail('UnsupportedSchemaVersion', 'V1 instructions only work with V1 trees');
  if (!acc(l.tree).isWritable) throw fail('ConstraintMut', 'merkle tree must be writable');
  if (acc(0).pubkey !== treeConfigPda(tree.address)) throw fail('ConstraintSeeds', "tree config is not the tree's PDA");
  if (acc(l.noop).pubkey !== SPL_NOOP_PROGRAM) throw fail('InvalidLogWrapper', 'log wrapper must be SPL Noop');
  if (acc(l.compression).pubkey !== ACCOUNT_COMPRESSION_PROGRAM)
    throw fail('InvalidCompressionProgram', 'wrong compression program');

  const owner = acc(l.owner).pubkey;
  const delegate = acc(l.delegate).pubkey;
  if (kind === 'delegate') {
    if (!signers.has(owner)) throw fail('AccountNotSigner', 'leaf owner must sign');
  } else if (!signers.has(owner) && !signers.has(delegate))
    throw fail('LeafAuthorityMustSign', 'leaf owner or delegate must sign');

  const nonce = Number(args.nonce);
  const id = assetIdPda(tree.address, nonce);
  const leaf = leafHash({ id, owner, delegate, nonce, dataHash: args.dataHash, creatorHash: args.creatorHash });
  const proof = ix.accounts.slice(l.fixed).map((a) => Buffer.from(bs58.decode(a.pubkey)));
  if (!tree.verify(Buffer.from(args.root), leaf, args.index, proof))
    throw fail('ConcurrentMerkleTreeError', 'invalid root recomputed from proof');
  const record = store.records.get(id);
  if (!record || record.leafIndex !== args.index)
    throw fail('ConcurrentMerkleTreeError', 'leaf index does not match the asset');
  // A second change of the same leaf in one transaction meets a leaf the first already replaced.
  if (!claim(signers, `leaf:${id}`)) throw fail('ConcurrentMerkleTreeError', 'leaf contents modified');

  const target = l.target >= 0 ? acc(l.target).pubkey : '';
  if (kind === 'transfer') return () => store.update(id, { owner: target, delegate: null });
  if (kind === 'delegate') return () => store.update(id, { delegate: target === owner ? null : target });
  return () => store.update(id, { burnt: true });
}
