// NFT burns. Full burn = Token Metadata burnV1: burns the token and closes token account, metadata and master
// edition (~0.0105 SOL back). Fallback where the program is absent = SPL burn + close (0.00204 SOL).
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
    [Buffer.from('metadata'), TOKEN_METADATA_PROGRAM_ID.toBuffer(), toPublicKey(mint).toBuffer(), Buffer.from('edition')],
    TOKEN_METADATA_PROGRAM_ID,
  )[0];
}

export interface NftBurnArgs {
  owner: Address;
  mint: Address;
  tokenAccount: Address;
  /** Mint of the collection when the NFT's collection is verified: burnV1 then needs the collection's metadata. */
  verifiedCollectionMint?: Address;
  /** Programmable NFTs also pass their token record; default NonFungible. */
  tokenStandard?: TokenStandard;
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
    amount: 1,
  });
  const [item] = builder.getInstructions();
  return toWeb3JsInstruction(item);
}

/** Fallback without Token Metadata: burn the single unit and close the token account. */
export function nftSplBurnIxs(args: Pick<NftBurnArgs, 'owner' | 'mint' | 'tokenAccount'>): TransactionInstruction[] {
  return burnAndCloseIxs({ owner: args.owner, account: args.tokenAccount, mint: args.mint, amount: 1n, decimals: 0 });
}
