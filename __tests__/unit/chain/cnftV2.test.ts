// PRODUCT difference 12: SolBack's hand-encoded Bubblegum V2 instructions carry exactly the bytes mpl-bubblegum v5 serializes, and
// a V2 leaf's builders refuse what the program refuses.
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { none, some } from '@metaplex-foundation/umi';
import {
  getBurnV2InstructionDataSerializer,
  getDelegateV2InstructionDataSerializer,
  getTransferV2InstructionDataSerializer,
} from '@metaplex-foundation/mpl-bubblegum';
import type { CnftLeaf } from '../../../src/chain/cnft';
import { cnftBurnIx, cnftDelegateIx, cnftTransferIx } from '../../../src/chain/cnft';
import { LeafRefusedError, buildBurnTransaction, buildTrashTransaction } from '../../../src/chain/cnftTransactions';
import { leafAllows } from '../../../src/chain/cnftLeafFlags';

const h = (n: number) => new Uint8Array(32).fill(n);
const key = () => Keypair.generate().publicKey.toBase58();
const leaf = (flags: number): CnftLeaf => ({
  tree: key(),
  owner: key(),
  root: bs58.encode(h(1)),
  dataHash: bs58.encode(h(2)),
  creatorHash: bs58.encode(h(3)),
  index: 7,
  nonce: 7,
  proof: [key(), key()],
  v2: { flags, assetDataHash: bs58.encode(h(4)), collectionHash: bs58.encode(h(5)) },
});

test("transferV2, burnV2 and delegateV2 data equal mpl-bubblegum's serializers", () => {
  const l = leaf(0);
  const common = {
    root: h(1),
    dataHash: h(2),
    creatorHash: h(3),
    assetDataHash: some(h(4)),
    flags: some(0),
    nonce: 7,
    index: 7,
  };
  expect(Buffer.from(cnftTransferIx(l, key()).data)).toEqual(
    Buffer.from(getTransferV2InstructionDataSerializer().serialize(common)),
  );
  expect(Buffer.from(cnftBurnIx(l).data)).toEqual(Buffer.from(getBurnV2InstructionDataSerializer().serialize(common)));
  expect(Buffer.from(cnftDelegateIx(l, key()).data)).toEqual(
    Buffer.from(getDelegateV2InstructionDataSerializer().serialize({ ...common, collectionHash: some(h(5)) })),
  );
  const noHash = { ...l, v2: { flags: 0 } };
  expect(Buffer.from(cnftBurnIx(noHash).data)).toEqual(
    Buffer.from(getBurnV2InstructionDataSerializer().serialize({ ...common, assetDataHash: none() })),
  );
});

test('flags: frozen refuses everything, non-transferable refuses moves only', () => {
  expect(leafAllows(0)).toEqual({ canBurn: true, canMove: true, canDelegate: true });
  expect(leafAllows(1)).toEqual({ canBurn: false, canMove: false, canDelegate: false });
  expect(leafAllows(2)).toEqual({ canBurn: false, canMove: false, canDelegate: false });
  expect(leafAllows(4)).toEqual({ canBurn: true, canMove: false, canDelegate: true });
  expect(() => buildTrashTransaction(leaf(4), key())).toThrow(LeafRefusedError);
  expect(() => buildBurnTransaction(leaf(1))).toThrow(LeafRefusedError);
  expect(buildBurnTransaction(leaf(4)).instructions).toHaveLength(3); // compute-unit limit and price, burn
});
