// Metaplex Core assets and collections on the local chain: one account each, owned by the Core program, written with
// @metaplex-foundation/mpl-core's serializers (AssetV1 / CollectionV1, no plugins), rent-exempt for their size.
import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import type { PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import { Key } from '@metaplex-foundation/mpl-core';
// The base (plugin-less) layouts: mpl-core's root exports only the plugin-aware readers, which cannot serialize.
import {
  getAssetV1AccountDataSerializer,
  type AssetV1AccountData,
} from '@metaplex-foundation/mpl-core/dist/src/generated/types/assetV1AccountData';
import {
  getCollectionV1AccountDataSerializer,
  type CollectionV1AccountData,
} from '@metaplex-foundation/mpl-core/dist/src/generated/types/collectionV1AccountData';
import type { Chain } from '../chain';
import { MPL_CORE_PROGRAM } from './constants';
import { type CorePlugin, withPlugins } from './corePlugins';

export interface CoreEntry {
  asset: string;
  name: string;
  uri: string;
  image: string;
  collection: string | null;
}
export interface CoreCollectionEntry {
  collection: string;
  name: string;
  uri: string;
}

const newAddress = () => new PublicKey(randomBytes(32)).toBase58();
const write = (chain: Chain, address: string, data: Uint8Array) =>
  chain.setAccount(address, { lamports: BigInt(chain.rent(data.length)), owner: MPL_CORE_PROGRAM, data });

/** A CollectionV1; with `plugins` (freeze or burn delegates) the account carries them after the base. */
export function writeCoreCollection(
  chain: Chain,
  o: { updateAuthority: string; name: string; uri: string; plugins?: CorePlugin[] },
): CoreCollectionEntry {
  const collection = newAddress();
  const base = getCollectionV1AccountDataSerializer().serialize({
    key: Key.CollectionV1,
    updateAuthority: o.updateAuthority as UmiPublicKey,
    name: o.name,
    uri: o.uri,
    numMinted: 0,
    currentSize: 0,
  });
  write(chain, collection, o.plugins?.length ? withPlugins(base, o.plugins) : base);
  return { collection, name: o.name, uri: o.uri };
}

/**
 * An AssetV1; in a collection its update authority is that collection, whose numMinted and currentSize grow. With
 * `plugins` the account carries them after the base (corePlugins.ts) and is rent-exempt for the whole size.
 */
export function writeCoreAsset(
  chain: Chain,
  o: {
    owner: string;
    updateAuthority: string;
    name: string;
    uri: string;
    image: string;
    collection?: string;
    plugins?: CorePlugin[];
  },
): CoreEntry {
  const asset = newAddress();
  const base = getAssetV1AccountDataSerializer().serialize({
    key: Key.AssetV1,
    owner: o.owner as UmiPublicKey,
    updateAuthority: o.collection
      ? { __kind: 'Collection', fields: [o.collection as UmiPublicKey] }
      : { __kind: 'Address', fields: [o.updateAuthority as UmiPublicKey] },
    name: o.name,
    uri: o.uri,
    seq: null,
  });
  write(chain, asset, o.plugins?.length ? withPlugins(base, o.plugins) : base);
  if (o.collection) {
    const c = decodeCoreCollection(chain.getAccount(o.collection)!.data)!;
    writeCollectionData(chain, o.collection, { ...c, numMinted: c.numMinted + 1, currentSize: c.currentSize + 1 });
  }
  return { asset, name: o.name, uri: o.uri, image: o.image, collection: o.collection ?? null };
}

export function writeCollectionData(chain: Chain, address: string, c: CollectionV1AccountData): void {
  const acc = chain.getAccount(address)!;
  const bytes = getCollectionV1AccountDataSerializer().serialize(c);
  const data = new Uint8Array(acc.data); // the plugins after the base stay as they are
  data.set(bytes.subarray(0, data.length));
  chain.setAccount(address, { lamports: acc.lamports, owner: acc.owner, data });
}

/** The base AssetV1 and how many bytes it takes (more bytes in the account = plugins follow). */
export function decodeCoreAsset(data: Uint8Array): { asset: AssetV1AccountData; baseLength: number } | null {
  if (data[0] !== Key.AssetV1) return null;
  try {
    const [asset, baseLength] = getAssetV1AccountDataSerializer().deserialize(data);
    return { asset, baseLength };
  } catch {
    return null;
  }
}

export function decodeCoreCollection(data: Uint8Array): CollectionV1AccountData | null {
  if (data[0] !== Key.CollectionV1) return null;
  try {
    return getCollectionV1AccountDataSerializer().deserialize(data)[0];
  } catch {
    return null;
  }
}
