// The demo wallet's share of today's mainnet kinds (PRODUCT difference 12): 2 pNFTs (one in a verified, sized collection), a print
// edition whose master someone else holds, a Token-2022 NFT, 2 Core assets (one in a Core collection) and 3 Bubblegum V2
// leaves (one plain, one frozen, one non-transferable). Each entry names its kind for the manifest.
import { Keypair } from '@solana/web3.js';
import type { Chain } from '../chain';
import type { CnftEntry, CnftStore } from './cnfts';
import { writeCoreAsset, writeCoreCollection, type CoreCollectionEntry, type CoreEntry } from './core';
import { writePnft, writePrintEdition, writeToken2022Nft, type KindNftEntry } from './nftKinds';
import { writeNft, type MediaUrls, type NftEntry } from './nfts';

export interface KindsManifest {
  pnfts: KindNftEntry[];
  pnftCollection: NftEntry;
  printEditions: KindNftEntry[];
  token2022Nfts: KindNftEntry[];
  coreCollection: CoreCollectionEntry;
  coreAssets: CoreEntry[];
  cnftsV2: (CnftEntry & { kind: 'cnftV2'; frozen: boolean; nonTransferable: boolean })[];
}

export interface KindsEnv {
  chain: Chain;
  cnfts: CnftStore;
  authority: string;
  media: MediaUrls;
  payer: Keypair;
  serial: { nft: number; cnft: number };
}

// LeafSchemaV2 flags (mpl-bubblegum utils.rs Flags): bit 0 frozen by the leaf delegate, bit 2 non-transferable.
const V2_FLAGS = [0, 1, 4];

export function fundKinds(env: KindsEnv, owner: string): KindsManifest {
  const { chain, authority, media, payer } = env;
  const next = () => ++env.serial.nft;
  const spec = (name: string, symbol: string, n = next()) => ({
    owner,
    name,
    symbol,
    updateAuthority: authority,
    uri: media.json('nft', n),
    image: media.image('nft', n),
  });

  const c = next();
  const pnftCollection = writeNft(
    chain,
    { ...spec('SolBack pNFT Collection', 'SBPC', c), owner: authority, collectionSize: 1 },
    payer,
  );
  const pnfts = [
    writePnft(chain, { ...spec('SolBack Programmable #1', 'SBP'), collection: pnftCollection.mint }, payer),
    writePnft(chain, spec('SolBack Programmable #2', 'SBP'), payer),
  ];
  const masterOwner = Keypair.generate().publicKey.toBase58();
  const printEditions = [writePrintEdition(chain, { ...spec('SolBack Print', 'SBPR'), masterOwner }, payer)];
  const token2022Nfts = [writeToken2022Nft(chain, spec('SolBack Token-2022 NFT', 'SB22'), payer)];

  const coreCollection = writeCoreCollection(chain, {
    updateAuthority: authority,
    name: 'SolBack Core Collection',
    uri: media.json('nft', next()),
  });
  const coreSpec = (name: string) => {
    const n = next();
    return { owner, updateAuthority: authority, name, uri: media.json('nft', n), image: media.image('nft', n) };
  };
  const coreAssets = [
    writeCoreAsset(chain, coreSpec('SolBack Core #1')),
    writeCoreAsset(chain, { ...coreSpec('SolBack Core #2'), collection: coreCollection.collection }),
  ];

  const records = env.cnfts.mint(
    owner,
    V2_FLAGS.map((flags) => {
      const n = ++env.serial.cnft;
      return {
        name: `SolBack Compressed V2 #${n}`,
        symbol: 'SBC2',
        uri: media.json('cnft', n),
        image: media.image('cnft', n),
        collection: '',
        creators: [{ address: authority, share: 100, verified: false }],
        v2: { flags },
      };
    }),
  );
  const cnftsV2 = records.map((r) => ({
    assetId: r.id,
    tree: r.tree,
    leafIndex: r.leafIndex,
    name: r.name,
    image: r.image,
    delegate: r.delegate,
    version: 2 as const,
    flags: r.v2!.flags,
    kind: 'cnftV2' as const,
    frozen: (r.v2!.flags & 3) !== 0,
    nonTransferable: (r.v2!.flags & 4) !== 0,
  }));

  return { pnfts, pnftCollection, printEditions, token2022Nfts, coreCollection, coreAssets, cnftsV2 };
}
