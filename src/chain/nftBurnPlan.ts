// Reads what burning these NFTs really involves: the owner's token accounts, their metadata and master editions,
// and whether Token Metadata exists on the cluster. Shared by the single NFT burn (browser) and POST
// /api/batch-burn-nft (server), so both burn the same way and count rent from the same accounts' lamports.
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { isSome } from '@metaplex-foundation/umi';
import { AccountLayout, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { type AccountInfo, type Connection, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { TOKEN_METADATA_PROGRAM } from '../common/addresses';
import { findMasterEditionAddress, findMetadataAddress, nftBurnV1Ix, nftSplBurnIxs } from './nftBurn';

export interface SkippedNft {
  mint: string;
  reason: string;
}

export interface NftBurnRequestItem {
  mint: string;
  tokenAccount: string;
  name: string;
}

export interface PlannedNftBurn extends NftBurnRequestItem {
  /** true = burnV1 (token + metadata + edition), false = SPL burn + close of the token account. */
  full: boolean;
  rentLamports: number;
  verifiedCollectionMint?: string;
}

const metadataSerializer = getMetadataAccountDataSerializer();

function verifiedCollectionOf(metadata: AccountInfo<Buffer>): string | undefined {
  try {
    const [data] = metadataSerializer.deserialize(metadata.data);
    return isSome(data.collection) && data.collection.value.verified ? data.collection.value.key.toString() : undefined;
  } catch {
    return undefined;
  }
}

const MAX_ACCOUNTS_PER_CALL = 100;

/** Reads token accounts, metadata and editions (getMultipleAccounts, 100 at a time) and keeps what the owner can burn. */
export async function readNftBurns(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  owner: string,
  items: NftBurnRequestItem[],
): Promise<{ planned: PlannedNftBurn[]; skipped: SkippedNft[]; metadataProgram: boolean }> {
  const keys = items.flatMap((n) => [
    new PublicKey(n.tokenAccount),
    findMetadataAddress(n.mint),
    findMasterEditionAddress(n.mint),
  ]);
  const all = [new PublicKey(TOKEN_METADATA_PROGRAM), ...keys];
  // RPC nodes answer at most 100 accounts per getMultipleAccounts (one request may carry up to 50 NFTs = 151 keys).
  const chunks: PublicKey[][] = [];
  for (let i = 0; i < all.length; i += MAX_ACCOUNTS_PER_CALL) chunks.push(all.slice(i, i + MAX_ACCOUNTS_PER_CALL));
  const infos = (await Promise.all(chunks.map((c) => connection.getMultipleAccountsInfo(c, 'confirmed')))).flat();
  const metadataProgram = Boolean(infos[0]?.executable);
  const planned: PlannedNftBurn[] = [];
  const skipped: SkippedNft[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const [token, metadata, edition] = infos.slice(1 + 3 * i, 4 + 3 * i);
    const skip = (reason: string) => skipped.push({ mint: item.mint, reason });
    if (seen.has(item.tokenAccount)) return skip('duplicate');
    seen.add(item.tokenAccount);
    if (!token || !token.owner.equals(TOKEN_PROGRAM_ID) || token.data.length !== AccountLayout.span)
      return skip('token account not found');
    const decoded = AccountLayout.decode(token.data);
    if (decoded.owner.toBase58() !== owner) return skip('token account not owned by this wallet');
    if (decoded.mint.toBase58() !== item.mint) return skip('token account holds another mint');
    if (decoded.amount !== 1n) return skip('not a single-unit NFT account');
    if (decoded.state !== 1) return skip('token account is frozen');
    const metadataOk = metadata?.owner.toBase58() === TOKEN_METADATA_PROGRAM;
    const editionOk = edition?.owner.toBase58() === TOKEN_METADATA_PROGRAM;
    const full = metadataProgram && metadataOk && editionOk;
    planned.push({
      ...item,
      full,
      rentLamports: token.lamports + (full ? metadata.lamports + edition.lamports : 0),
      verifiedCollectionMint: full ? verifiedCollectionOf(metadata) : undefined,
    });
  });
  return { planned, skipped, metadataProgram };
}

export function nftBurnIxs(owner: string, nft: PlannedNftBurn): TransactionInstruction[] {
  if (!nft.full) return nftSplBurnIxs({ owner, mint: nft.mint, tokenAccount: nft.tokenAccount });
  return [
    nftBurnV1Ix({ owner, mint: nft.mint, tokenAccount: nft.tokenAccount, verifiedCollectionMint: nft.verifiedCollectionMint }),
  ];
}

