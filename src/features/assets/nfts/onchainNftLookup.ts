import { PublicKey, type Connection } from '@solana/web3.js';
import { ONCHAIN_NFT_LOOKUP_BATCH_SIZE, ONCHAIN_NFT_LOOKUP_PAUSE_MS } from '../../../common/constants';
import { fetchTokenAccountsFromChain, type TokenAccountsConnection } from '../tokens/chainTokenAccounts';
import { decodeMetadata, metadataAddress, type DecodedMetadata } from '../../../chain/metadataAccount';
import { nftFromChain, type Nft } from './nftModel';

// docs/PRODUCT.md#loading last NFT fallback: the wallet's single-unit zero-decimal token accounts, and for each mint its metadata
// account, read in batches of 3 with a 500 ms pause between batches.

export type NftLookupConnection = TokenAccountsConnection & Pick<Connection, 'getMultipleAccountsInfo'>;

export async function lookupNftsOnChain(
  connection: NftLookupConnection,
  owner: string,
  pause: (ms: number) => Promise<void>,
): Promise<Nft[]> {
  const accounts = await fetchTokenAccountsFromChain(connection, owner);
  const candidates = accounts.filter((a) => a.decimals === 0 && a.amount === '1');
  const nfts: Nft[] = [];
  for (let i = 0; i < candidates.length; i += ONCHAIN_NFT_LOOKUP_BATCH_SIZE) {
    if (i > 0) await pause(ONCHAIN_NFT_LOOKUP_PAUSE_MS);
    const batch = candidates.slice(i, i + ONCHAIN_NFT_LOOKUP_BATCH_SIZE);
    const pdas = batch.map((a) => metadataAddress(a.mint));
    const infos = await connection.getMultipleAccountsInfo(pdas.map((p) => new PublicKey(p)));
    batch.forEach((a, j) => {
      const info = infos[j];
      // A mint without a metadata account is not treated as an NFT.
      if (!info) return;
      let meta: DecodedMetadata | null;
      try {
        meta = decodeMetadata(Uint8Array.from(info.data));
      } catch {
        meta = null;
      }
      nfts.push(nftFromChain(a.mint, a.tokenAccount, pdas[j], meta, a.programId));
    });
  }
  return nfts;
}
