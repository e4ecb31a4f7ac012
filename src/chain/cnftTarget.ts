// Which compressed NFT a Bubblegum instruction acts on (V1 transfer, burn, delegate; V2 transferV2, burnV2,
// delegateV2): its asset id, from the tree account and the leaf nonce in the data. The guard's static rules check it is
// a ticked asset; the request rule (guardRequest.ts) lets each be acted on once per request.
import { BUBBLEGUM_PROGRAM } from '../common/addresses';
import { BUBBLEGUM_DISCRIMINATORS, cnftAssetId } from './cnft';
import { BUBBLEGUM_V2_DISCRIMINATORS, V2_LAYOUT } from './cnftV2';
import type { DecodedInstruction } from './decode';

/** V1 account order (mpl-bubblegum transfer, burn, delegate): the merkle tree's index. */
const V1_TREE = { transfer: 4, burn: 3, delegate: 4 } as const;
/** V1 data: discriminator, root, data hash, creator hash (8 + 96), then nonce u64 and index u32. */
const V1_NONCE_OFFSET = 8 + 96;

const startsWith = (data: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => data[i] === b);

/** The leaf nonce of a V2 instruction: after root + hashes come the Option fields, then nonce u64. */
function v2Nonce(data: Uint8Array, withCollectionHash: boolean): bigint | null {
  let o = 8 + 96;
  const skipOption = (size: number) => {
    if (data[o] === 0) o += 1;
    else if (data[o] === 1) o += 1 + size;
    else o = Infinity;
  };
  if (withCollectionHash) skipOption(32);
  skipOption(32);
  skipOption(1);
  return o + 12 <= data.length ? Buffer.from(data).readBigUInt64LE(o) : null;
}

type V1Kind = keyof typeof BUBBLEGUM_DISCRIMINATORS;
type V2Kind = keyof typeof BUBBLEGUM_V2_DISCRIMINATORS;

const v1KindOf = (data: Uint8Array): V1Kind | undefined =>
  (Object.keys(BUBBLEGUM_DISCRIMINATORS) as V1Kind[]).find((k) => startsWith(data, BUBBLEGUM_DISCRIMINATORS[k]));
export const v2KindOf = (data: Uint8Array): V2Kind | undefined =>
  (Object.keys(BUBBLEGUM_V2_DISCRIMINATORS) as V2Kind[]).find((k) => startsWith(data, BUBBLEGUM_V2_DISCRIMINATORS[k]));

/** The asset id a Bubblegum leaf instruction names, or null (another instruction, or too short to say). */
export function cnftAssetOf(ix: DecodedInstruction): string | null {
  if (ix.programId !== BUBBLEGUM_PROGRAM) return null;
  const v2 = v2KindOf(ix.data);
  if (v2) {
    const nonce = v2Nonce(ix.data, v2 === 'delegateV2');
    const tree = ix.accounts[V2_LAYOUT[v2].tree]?.pubkey;
    return nonce === null || !tree ? null : cnftAssetId(tree, nonce);
  }
  const v1 = v1KindOf(ix.data);
  const tree = v1 ? ix.accounts[V1_TREE[v1]]?.pubkey : undefined;
  if (!tree || ix.data.length < V1_NONCE_OFFSET + 12) return null;
  return cnftAssetId(tree, Buffer.from(ix.data).readBigUInt64LE(V1_NONCE_OFFSET));
}
