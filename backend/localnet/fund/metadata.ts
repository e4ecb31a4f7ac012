// Token Metadata accounts for fungible tokens, written with Metaplex's own serializer at the metadata PDA and sized
// like the real program allocates them (679 bytes), so Umi and RPC readers decode them as on mainnet.
import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import { none, publicKey, some } from '@metaplex-foundation/umi';
import { PublicKey } from '@solana/web3.js';
import { TOKEN_METADATA_PROGRAM } from '../../../src/common/addresses';
import type { Chain } from '../chain';

export const METADATA_SIZE = 679;
const META = new PublicKey(TOKEN_METADATA_PROGRAM);

export function metadataAddress(mint: string): string {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('metadata'), META.toBuffer(), new PublicKey(mint).toBuffer()],
    META,
  )[0].toBase58();
}

export function encodeFungibleMetadata(o: {
  mint: string;
  updateAuthority: string;
  name: string;
  symbol: string;
  uri: string;
}): Uint8Array {
  const bytes = getMetadataAccountDataSerializer().serialize({
    updateAuthority: publicKey(o.updateAuthority),
    mint: publicKey(o.mint),
    name: o.name,
    symbol: o.symbol,
    uri: o.uri,
    sellerFeeBasisPoints: 0,
    creators: none(),
    primarySaleHappened: false,
    isMutable: true,
    editionNonce: none(),
    tokenStandard: some(TokenStandard.Fungible),
    collection: none(),
    uses: none(),
    collectionDetails: none(),
    programmableConfig: none(),
  });
  const out = new Uint8Array(METADATA_SIZE);
  out.set(bytes);
  return out;
}

export function writeFungibleMetadata(
  chain: Chain,
  o: { mint: string; updateAuthority: string; name: string; symbol: string; uri: string },
): string {
  const address = metadataAddress(o.mint);
  chain.setAccount(address, {
    lamports: BigInt(chain.rent(METADATA_SIZE)),
    data: encodeFungibleMetadata(o),
    owner: TOKEN_METADATA_PROGRAM,
  });
  return address;
}
