// The `collector` profile's collection NFTs and Token-2022 NFTs with extensions (docs/PRODUCT.md, "Every state of an
// NFT or cNFT"): sized and unsized collection parents with and without members (the owner holds parent and member),
// a Token Metadata NFT on a non-transferable Token-2022 mint, and a Token-2022 NFT with a permanent delegate (Token
// Metadata refuses such a mint, utils/token.rs: it lives without Token Metadata accounts, as such NFTs do on mainnet).
import { ExtensionType } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM } from './constants';
import type { KindsEnv } from './fundKinds';
import { type KindNftEntry, writeToken2022Nft } from './nftKinds';
import { mintNftByTransaction } from './nftMint';
import { type NftEntry, type NftSpec, writeNft } from './nfts';
import { associatedTokenAddress } from './pdas';

export interface CollectionsManifest {
  /** A sized collection parent counting 1 member, and that member (verified), both the owner's. */
  sizedParent: NftEntry & { members: number };
  sizedMember: NftEntry & { collection: string };
  /** A sized collection parent counting 0 members. */
  sizedEmptyParent: NftEntry & { members: number };
  /** An unsized collection parent (no collection details) and its verified member. */
  unsizedParent: NftEntry;
  unsizedMember: NftEntry & { collection: string };
  /** A Token Metadata NFT whose Token-2022 mint is NonTransferable (its account NonTransferableAccount). */
  token2022NonTransferable: KindNftEntry;
  /** A Token-2022 NFT whose mint names a permanent delegate; no Token Metadata accounts. */
  token2022PermanentDelegate: { mint: string; tokenAccount: string; name: string; permanentDelegate: string };
}

export function fundCollectionsAndExtensions(env: KindsEnv, spec: (name: string) => NftSpec): CollectionsManifest {
  const { chain, payer } = env;
  const sizedParent = writeNft(chain, { ...spec('Collector Sized Collection'), collectionSize: 1 }, payer);
  const sizedMember = writeNft(chain, { ...spec('Collector Sized Member'), collection: sizedParent.mint }, payer);
  const sizedEmptyParent = writeNft(chain, { ...spec('Collector Sized Collection (empty)'), collectionSize: 0 }, payer);
  const unsizedParent = writeNft(chain, spec('Collector Unsized Collection'), payer);
  const unsizedMember = writeNft(chain, { ...spec('Collector Unsized Member'), collection: unsizedParent.mint }, payer);
  const token2022NonTransferable = writeToken2022Nft(chain, spec('Collector Token-2022 (non-transferable)'), payer, [
    ExtensionType.NonTransferable,
  ]);
  const owner = spec('').owner;
  const permanentDelegate = Keypair.generate().publicKey.toBase58();
  const pd = mintNftByTransaction(chain, payer, owner, permanentDelegate, Keypair.generate(), {
    program: TOKEN_2022_PROGRAM,
    extensions: [ExtensionType.PermanentDelegate],
    permanentDelegate,
  });
  return {
    sizedParent: { ...sizedParent, members: 1 },
    sizedMember: { ...sizedMember, collection: sizedParent.mint },
    sizedEmptyParent: { ...sizedEmptyParent, members: 0 },
    unsizedParent,
    unsizedMember: { ...unsizedMember, collection: unsizedParent.mint },
    token2022NonTransferable,
    token2022PermanentDelegate: {
      mint: pd,
      tokenAccount: associatedTokenAddress(owner, pd, TOKEN_2022_PROGRAM),
      name: 'Collector Token-2022 (permanent delegate)',
      permanentDelegate,
    },
  };
}
