// The `collector` profile's Metaplex Core assets under plugins (docs/PRODUCT.md, "Every state of an NFT or cNFT"):
// staked (FreezeDelegate frozen), frozen for good by the creator (PermanentFreezeDelegate), thawed (the plugin kept,
// unfrozen), in a collection its creator froze, with a BurnDelegate, and in a collection whose plugins abstain.
import { Keypair } from '@solana/web3.js';
import { type CoreEntry, writeCoreAsset, writeCoreCollection } from './core';
import type { KindsEnv } from './fundKinds';

export interface CoreStatesManifest {
  coreStaked: CoreEntry & { delegate: string };
  corePermanentlyFrozen: CoreEntry;
  coreThawed: CoreEntry;
  coreInFrozenCollection: CoreEntry & { collection: string };
  /** A BurnDelegate plugin names someone else who may burn it; the owner still may (burn_delegate.rs). */
  coreBurnDelegated: CoreEntry & { delegate: string };
  /** In a collection carrying a PermanentBurnDelegate and an unfrozen PermanentFreezeDelegate. */
  coreInPluginCollection: CoreEntry & { collection: string };
}

export function fundCoreStates(env: KindsEnv, owner: string): CoreStatesManifest {
  const { chain, authority, media } = env;
  const spec = (name: string) => {
    const n = ++env.serial.nft;
    return { owner, updateAuthority: authority, name, uri: media.json('nft', n), image: media.image('nft', n) };
  };
  const staker = Keypair.generate().publicKey.toBase58();
  const coreStaked = writeCoreAsset(chain, {
    ...spec('Collector Core (staked)'),
    plugins: [{ type: 'FreezeDelegate', frozen: true, authority: staker }],
  });
  const corePermanentlyFrozen = writeCoreAsset(chain, {
    ...spec('Collector Core (frozen by its creator)'),
    plugins: [{ type: 'PermanentFreezeDelegate', frozen: true, authority }],
  });
  const coreThawed = writeCoreAsset(chain, {
    ...spec('Collector Core (unstaked)'),
    plugins: [{ type: 'FreezeDelegate', frozen: false, authority: staker }],
  });
  const frozenCollection = writeCoreCollection(chain, {
    updateAuthority: authority,
    name: 'Collector Core Collection (frozen)',
    uri: media.json('nft', ++env.serial.nft),
    plugins: [{ type: 'PermanentFreezeDelegate', frozen: true, authority }],
  }).collection;
  const coreInFrozenCollection = writeCoreAsset(chain, {
    ...spec('Collector Core (in a frozen collection)'),
    collection: frozenCollection,
  });
  const burner = Keypair.generate().publicKey.toBase58();
  const coreBurnDelegated = writeCoreAsset(chain, {
    ...spec('Collector Core (burn delegate)'),
    plugins: [{ type: 'BurnDelegate', authority: burner }],
  });
  const pluginCollection = writeCoreCollection(chain, {
    updateAuthority: authority,
    name: 'Collector Core Collection (plugins)',
    uri: media.json('nft', ++env.serial.nft),
    plugins: [
      { type: 'PermanentBurnDelegate', authority },
      { type: 'PermanentFreezeDelegate', frozen: false, authority },
    ],
  }).collection;
  const coreInPluginCollection = writeCoreAsset(chain, {
    ...spec('Collector Core (collection with plugins)'),
    collection: pluginCollection,
  });
  return {
    coreBurnDelegated: { ...coreBurnDelegated, delegate: burner },
    coreInPluginCollection: { ...coreInPluginCollection, collection: pluginCollection },
    coreStaked: { ...coreStaked, delegate: staker },
    corePermanentlyFrozen,
    coreThawed,
    coreInFrozenCollection: { ...coreInFrozenCollection, collection: frozenCollection },
  };
}
