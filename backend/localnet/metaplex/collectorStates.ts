// The `collector` profile's NFT and cNFT states (docs/PRODUCT.md, "Every state of an NFT or cNFT"): each one a state
// mainnet wallets hold and the demo never makes, written with the same writers as the demo's kinds so the emulators
// judge them by the programs' rules.
import { Keypair } from '@solana/web3.js';
import { type CnftEntry, cnftEntry } from './cnfts';
import { type CnftStatesManifest, fundCnftStates } from './collectorCnfts';
import { type CoreStatesManifest, fundCoreStates } from './collectorCore';
import { type LockedManifest, fundLockedStates } from './collectorLocked';
import { type CollectionsManifest, fundCollectionsAndExtensions } from './collectorTokens';
import { TOKEN_2022_PROGRAM } from './constants';
import { decodeCoreCollection, writeCollectionData, writeCoreCollection } from './core';
import type { KindsEnv } from './fundKinds';
import { type KindNftEntry, type MasterEntry, writeMaster, writePrint } from './nftKinds';

export interface CollectorManifest extends LockedManifest, CoreStatesManifest, CollectionsManifest, CnftStatesManifest {
  /** The owner's master with 3 prints held by someone else: Token Metadata refuses its burn (MasterEditionHasPrints). */
  masterWithPrints: MasterEntry & { prints: number };
  /** The owner's own master and 2 of its prints, both held by the owner, in one edition marker. */
  ownMaster: MasterEntry & { prints: number };
  ownPrints: KindNftEntry[];
  /** The owner's master and 10 of its prints, all the owner's, in one marker: more than one transaction holds. */
  manyPrintsMaster: MasterEntry & { prints: number };
  manyPrints: KindNftEntry[];
  /** A print whose master mint is a Token-2022 mint with extensions (270 bytes), held by someone else. */
  printOfToken2022Master: KindNftEntry;
  /** A Bubblegum V2 leaf in a Metaplex Core collection. */
  cnftV2InCoreCollection: CnftEntry & { coreCollection: string };
}

export function fundCollectorStates(env: KindsEnv, owner: string): CollectorManifest {
  const { chain, authority, media, payer } = env;
  const spec = (name: string, holder = owner) => {
    const n = ++env.serial.nft;
    return {
      owner: holder,
      name,
      symbol: 'SBCL',
      updateAuthority: authority,
      uri: media.json('nft', n),
      image: media.image('nft', n),
    };
  };
  const stranger = () => Keypair.generate().publicKey.toBase58();

  const masterWithPrints = writeMaster(chain, spec('Collector Master (3 prints out)'), payer);
  const elsewhere = stranger();
  for (let e = 1n; e <= 3n; e++)
    writePrint(chain, spec(`Collector Print ${e}/3`, elsewhere), payer, masterWithPrints, e);

  const ownMaster = writeMaster(chain, spec('Collector Own Master'), payer);
  const ownPrints = [1n, 2n].map((e) => writePrint(chain, spec(`Collector Own Print #${e}`), payer, ownMaster, e));

  const manyPrintsMaster = writeMaster(chain, spec('Collector Master (10 own prints)'), payer);
  const manyPrints = Array.from({ length: 10 }, (_, i) =>
    writePrint(chain, spec(`Collector Many Prints #${i + 1}`), payer, manyPrintsMaster, BigInt(i + 1)),
  );

  const t22Master = writeMaster(chain, spec('Collector Token-2022 Master', stranger()), payer, TOKEN_2022_PROGRAM);
  const printOfToken2022Master = writePrint(
    chain,
    spec('Collector Print of a Token-2022 Master'),
    payer,
    t22Master,
    1n,
  );

  return {
    masterWithPrints: { ...masterWithPrints, prints: 3 },
    ownMaster: { ...ownMaster, prints: 2 },
    ownPrints,
    manyPrintsMaster: { ...manyPrintsMaster, prints: manyPrints.length },
    manyPrints,
    printOfToken2022Master,
    cnftV2InCoreCollection: leafInCoreCollection(env, owner),
    ...fundLockedStates(env, (name) => spec(name)),
    ...fundCoreStates(env, owner),
    ...fundCollectionsAndExtensions(env, (name) => spec(name)),
    ...fundCnftStates(env, owner),
  };
}

/** A V2 leaf minted into a Core collection (mintV2 with core_collection: the collection counts it). */
function leafInCoreCollection(env: KindsEnv, owner: string): CnftEntry & { coreCollection: string } {
  const { chain, authority, media } = env;
  const coreCollection = writeCoreCollection(chain, {
    updateAuthority: authority,
    name: 'Collector Core Collection (cNFTs)',
    uri: media.json('nft', ++env.serial.nft),
  }).collection;
  const n = ++env.serial.cnft;
  const [r] = env.cnfts.mint(owner, [
    {
      name: `Collector Compressed V2 #${n}`,
      symbol: 'SBC2',
      uri: media.json('cnft', n),
      image: media.image('cnft', n),
      collection: '',
      creators: [{ address: authority, share: 100, verified: false }],
      v2: { flags: 0, coreCollection },
    },
  ]);
  const c = decodeCoreCollection(chain.getAccount(coreCollection)!.data)!;
  writeCollectionData(chain, coreCollection, { ...c, numMinted: c.numMinted + 1, currentSize: c.currentSize + 1 });
  return { ...cnftEntry(r), version: 2, flags: 0, coreCollection };
}
