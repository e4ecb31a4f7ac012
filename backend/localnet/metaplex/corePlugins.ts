// Metaplex Core plugins on the local chain: the freeze plugins an asset or collection carries on mainnet, written in
// the program's layout (mpl-core programs/mpl-core/src/plugins/plugin_header.rs, plugin_registry.rs: the base
// account, a PluginHeaderV1 {key 3, registry offset u64}, each plugin's data, then the PluginRegistryV1 naming each
// plugin's type, authority and offset), and read back with mpl-core's own plugin-aware readers.
import {
  Key,
  PluginType,
  deserializeAssetV1,
  deserializeCollectionV1,
  getPluginSerializer,
} from '@metaplex-foundation/mpl-core';
import { getPluginRegistryV1AccountDataSerializer } from '@metaplex-foundation/mpl-core/dist/src/generated/types/pluginRegistryV1AccountData';
import { lamports, publicKey, type PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import { MPL_CORE_PROGRAM } from './constants';

/** A freeze plugin: FreezeDelegate (owner-managed, a staking program's) or PermanentFreezeDelegate (the creator's). */
export interface CoreFreezePlugin {
  type: 'FreezeDelegate' | 'PermanentFreezeDelegate';
  frozen: boolean;
  /** Who may thaw it: a staking program or the creator. */
  authority: string;
}
/** A burn plugin: BurnDelegate (owner-managed) or PermanentBurnDelegate (the creator's); no fields of its own. */
export interface CoreBurnPlugin {
  type: 'BurnDelegate' | 'PermanentBurnDelegate';
  /** Who else may burn it. */
  authority: string;
}
export type CorePlugin = CoreFreezePlugin | CoreBurnPlugin;

const HEADER_SIZE = 9; // PluginHeaderV1: key u8 + plugin_registry_offset u64

/** The account data of a base AssetV1/CollectionV1 followed by its plugins. */
export function withPlugins(base: Uint8Array, plugins: CorePlugin[]): Uint8Array {
  const bodies = plugins.map((p) =>
    getPluginSerializer().serialize(
      'frozen' in p ? { __kind: p.type, fields: [{ frozen: p.frozen }] } : { __kind: p.type, fields: [{}] },
    ),
  );
  let offset = base.length + HEADER_SIZE;
  const registry = plugins.map((p, i) => {
    const record = {
      pluginType: PluginType[p.type],
      authority: { __kind: 'Address' as const, address: p.authority as UmiPublicKey },
      offset: BigInt(offset),
    };
    offset += bodies[i].length;
    return record;
  });
  const tail = getPluginRegistryV1AccountDataSerializer().serialize({
    key: Key.PluginRegistryV1,
    registry,
    externalRegistry: [],
  });
  const out = new Uint8Array(offset + tail.length);
  out.set(base);
  out[base.length] = Key.PluginHeaderV1;
  new DataView(out.buffer).setBigUint64(base.length + 1, BigInt(offset), true);
  let at = base.length + HEADER_SIZE;
  for (const b of bodies) {
    out.set(b, at);
    at += b.length;
  }
  out.set(tail, offset);
  return out;
}

const account = (data: Uint8Array) => ({
  publicKey: publicKey(MPL_CORE_PROGRAM), // the readers need an address; none of them checks it
  executable: false,
  owner: publicKey(MPL_CORE_PROGRAM),
  lamports: lamports(0),
  data,
});

/** The freeze plugins of an asset or collection account (mpl-core's readers); [] when it carries none. */
export function freezePlugins(data: Uint8Array): CoreFreezePlugin[] {
  try {
    const a = data[0] === Key.AssetV1 ? deserializeAssetV1(account(data)) : deserializeCollectionV1(account(data));
    const out: CoreFreezePlugin[] = [];
    for (const type of ['FreezeDelegate', 'PermanentFreezeDelegate'] as const) {
      const p =
        type === 'FreezeDelegate' ? ('freezeDelegate' in a ? a.freezeDelegate : undefined) : a.permanentFreezeDelegate;
      if (p) out.push({ type, frozen: p.frozen, authority: p.authority.address?.toString() ?? '' });
    }
    return out;
  } catch {
    return [];
  }
}
