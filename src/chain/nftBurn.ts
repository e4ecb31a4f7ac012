// NFT burns. Full burn = Token Metadata burnV1: burns the token and closes token account, metadata and master
// edition (~0.0105 SOL back). Fallback where the program is absent = SPL burn + close (0.00204 SOL).
import { burnV1 as coreBurnV1 } from '@metaplex-foundation/mpl-core';
import { TokenStandard, burnV1 } from '@metaplex-foundation/mpl-token-metadata';
import { type Context, createNoopSigner, publicKey as umiPublicKey } from '@metaplex-foundation/umi';
import { createWeb3JsEddsa } from '@metaplex-foundation/umi-eddsa-web3js';
import { toWeb3JsInstruction } from '@metaplex-foundation/umi-web3js-adapters';
import { PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { TOKEN_METADATA_PROGRAM } from '../common/addresses';
import { type Address, toBase58, toPublicKey } from './keys';
import { burnAndCloseIxs } from './tokenInstructions';

export const TOKEN_METADATA_PROGRAM_ID = new PublicKey(TOKEN_METADATA_PROGRAM);

export function findMetadataAddress(mint: Address): PublicKey {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('metadata'), TOKEN_METADATA_PROGRAM_ID.toBuffer(), toPublicKey(mint).toBuffer()],
    TOKEN_METADATA_PROGRAM_ID,
  )[0];
}

export function findMasterEditionAddress(mint: Address): PublicKey {
  return PublicKey.findProgramAddressSync(
    [
      Buffer.from('metadata'),
      TOKEN_METADATA_PROGRAM_ID.toBuffer(),
      toPublicKey(mint).toBuffer(),
      Buffer.from('edition'),
    ],
    TOKEN_METADATA_PROGRAM_ID,
  )[0];
}

export interface NftBurnArgs {
  owner: Address;
  mint: Address;
  tokenAccount: Address;
  /** Mint of the collection when the NFT's collection is verified: burnV1 then needs the collection's metadata. */
  verifiedCollectionMint?: Address;
  /** Programmable NFTs also pass their token record (derived by burnV1); default NonFungible. */
  tokenStandard?: TokenStandard;
  /** Token-2022 NFTs name their token program; default SPL Token. */
  tokenProgram?: Address;
  /** Print editions name their master's mint, a token account holding it, and the edition marker. */
  print?: { masterMint: Address; masterToken: Address; marker: Address };
}

// burnV1 only needs PDA derivation and program ids from Umi: a tiny context instead of a full Umi (no RPC, no HTTP).
function umiContext(owner: Address): Pick<Context, 'eddsa' | 'identity' | 'payer' | 'programs'> {
  const signer = createNoopSigner(umiPublicKey(toBase58(owner)));
  const programs = {
    getPublicKey: (_name: string, fallback?: string) => umiPublicKey(fallback ?? TOKEN_METADATA_PROGRAM),
  } as unknown as Context['programs'];
  return { eddsa: createWeb3JsEddsa(), identity: signer, payer: signer, programs };
}

/** Token Metadata burnV1 with the owner as authority. */
export function nftBurnV1Ix(args: NftBurnArgs): TransactionInstruction {
  const mint = toBase58(args.mint);
  const builder = burnV1(umiContext(args.owner), {
    mint: umiPublicKey(mint),
    token: umiPublicKey(toBase58(args.tokenAccount)),
    metadata: umiPublicKey(findMetadataAddress(mint).toBase58()),
    edition: umiPublicKey(findMasterEditionAddress(mint).toBase58()),
    collectionMetadata: args.verifiedCollectionMint
      ? umiPublicKey(findMetadataAddress(args.verifiedCollectionMint).toBase58())
      : undefined,
    tokenOwner: umiPublicKey(toBase58(args.owner)),
    tokenStandard: args.tokenStandard ?? TokenStandard.NonFungible,
    ...(args.tokenProgram ? { splTokenProgram: umiPublicKey(toBase58(args.tokenProgram)) } : {}),
    ...(args.print
      ? {
          masterEditionMint: umiPublicKey(toBase58(args.print.masterMint)),
          masterEditionToken: umiPublicKey(toBase58(args.print.masterToken)),
          editionMarker: umiPublicKey(toBase58(args.print.marker)),
        }
      : {}),
    amount: 1,
  });
  const [item] = builder.getInstructions();
  return toWeb3JsInstruction(item);
}

/** Metaplex Core burnV1 of an asset (with its collection when it has one); the owner pays and signs. */
export function coreBurnV1Ix(owner: Address, asset: Address, collection?: Address): TransactionInstruction {
  const builder = coreBurnV1(umiContext(owner), {
    asset: umiPublicKey(toBase58(asset)),
    ...(collection ? { collection: umiPublicKey(toBase58(collection)) } : {}),
  });
  return toWeb3JsInstruction(builder.getInstructions()[0]);
}

/** Fallback without Token Metadata: burn the single unit and close the token account. */
export function nftSplBurnIxs(
  args: Pick<NftBurnArgs, 'owner' | 'mint' | 'tokenAccount'>,
  tokenProgram?: Address,
): TransactionInstruction[] {
  return burnAndCloseIxs({
    owner: args.owner,
    account: args.tokenAccount,
    mint: args.mint,
    amount: 1n,
    decimals: 0,
    ...(tokenProgram ? { programId: tokenProgram } : {}),
  });
}
