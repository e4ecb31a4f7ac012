// The `collector` profile's cNFT states (docs/PRODUCT.md, "Every state of an NFT or cNFT"): V1 and V2 leaves with a
// delegate (the owner still transfers and burns them), V2 leaves frozen (by the leaf delegate, by a permanent freeze
// delegate) and soulbound (LeafSchemaV2 flags, mpl-bubblegum utils.rs Flags), and a leaf in a deep tree with no
// canopy, whose 17-node proof leaves no room for a wallet's additions in one transaction.
import { Keypair } from '@solana/web3.js';
import { type CnftEntry, type TreeShapeSpec, cnftEntry } from './cnfts';
import type { KindsEnv } from './fundKinds';
import { writeNft } from './nfts';

export interface CnftStatesManifest {
  cnftV1Delegated: CnftEntry;
  cnftV2Delegated: CnftEntry;
  cnftV2Frozen: CnftEntry;
  cnftV2PermanentlyFrozen: CnftEntry;
  cnftV2Soulbound: CnftEntry;
  cnftInDeepTree: CnftEntry & { maxDepth: number; canopyDepth: number };
}

// spl-account-compression: (17, 64) is a valid depth/buffer pair; no canopy, so all 17 proof nodes go in the
// transaction, one more than fits beside a wallet's additions (src/chain/cnftProofFit.ts). One such tree serves every
// funding (the local tree holds all 2^17 leaves in memory).
const DEEP_TREE: TreeShapeSpec = { maxDepth: 17, maxBuffer: 64, canopyDepth: 0 };
const FROZEN_BY_DELEGATE = 1;
const FROZEN_PERMANENTLY = 2;
const NON_TRANSFERABLE = 4;

export function fundCnftStates(env: KindsEnv, owner: string): CnftStatesManifest {
  const { authority, media, chain } = env;
  // V1 leaves name a Token Metadata collection (MetadataArgs.collection), as Bubblegum V1 mints into one.
  const c = ++env.serial.nft;
  const v1Collection = writeNft(chain, {
    owner: authority,
    name: 'Collector Compressed Collection',
    symbol: 'SBCC',
    uri: media.json('cnft', c),
    image: media.image('cnft', c),
    updateAuthority: authority,
    collectionSize: 0,
  }).mint;
  const leaf = (name: string, o: { delegate?: string; v2?: { flags: number } } = {}) => {
    const n = ++env.serial.cnft;
    return {
      name: `Collector ${name} #${n}`,
      symbol: 'SBCC',
      uri: media.json('cnft', n),
      image: media.image('cnft', n),
      collection: o.v2 ? '' : v1Collection,
      creators: [{ address: authority, share: 100, verified: false }],
      delegate: o.delegate ?? null,
      ...(o.v2 ? { v2: o.v2 } : {}),
    };
  };
  const delegate = Keypair.generate().publicKey.toBase58(); // a marketplace or staking program
  const [v1Delegated] = env.cnfts.mint(owner, [leaf('cNFT (delegated)', { delegate })]);
  const [v2Delegated, v2Frozen, v2Permanent, v2Soulbound] = env.cnfts.mint(owner, [
    leaf('cNFT V2 (delegated)', { delegate, v2: { flags: 0 } }),
    leaf('cNFT V2 (frozen)', { delegate, v2: { flags: FROZEN_BY_DELEGATE } }),
    leaf('cNFT V2 (frozen by its creator)', { v2: { flags: FROZEN_PERMANENTLY } }),
    leaf('cNFT V2 (soulbound)', { v2: { flags: NON_TRANSFERABLE } }),
  ]);
  const [deep] = env.cnfts.mint(owner, [leaf('cNFT (deep tree)')], DEEP_TREE);
  return {
    cnftV1Delegated: cnftEntry(v1Delegated),
    cnftV2Delegated: cnftEntry(v2Delegated),
    cnftV2Frozen: cnftEntry(v2Frozen),
    cnftV2PermanentlyFrozen: cnftEntry(v2Permanent),
    cnftV2Soulbound: cnftEntry(v2Soulbound),
    cnftInDeepTree: { ...cnftEntry(deep), maxDepth: DEEP_TREE.maxDepth, canopyDepth: DEEP_TREE.canopyDepth },
  };
}
