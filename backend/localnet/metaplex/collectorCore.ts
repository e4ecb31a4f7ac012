// The `collector` profile's Metaplex Core assets under freeze plugins (docs/PRODUCT.md, "Every state of an NFT or
// cNFT"): staked (FreezeDelegate frozen), frozen for good by the creator (PermanentFreezeDelegate), thawed (the
// plugin kept, unfrozen) and in a collection its creator froze.
import { Keypair } from '@solana/web3.js';
import { type CoreEntry, writeCoreAsset, writeCoreCollection } from './core';
import type { KindsEnv } from './fundKinds';

export interface CoreStatesManifest {
  coreStaked: CoreEntry & { delegate: string };
  corePermanentlyFrozen: CoreEntry;
  coreThawed: CoreEntry;
  coreInFrozenCollection: CoreEntry & { collection: string };
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
  return {
    coreStaked: { ...coreStaked, delegate: staker },
    corePermanentlyFrozen,
    coreThawed,
    coreInFrozenCollection: { ...coreInFrozenCollection, collection: frozenCollection },
  };
}
