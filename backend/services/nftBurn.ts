// POST /api/batch-burn-nft: reads the owner's NFT accounts from the chain and builds full burns (Token Metadata
// burnV1 → token account, metadata and master edition back to the owner) or, where the program or the NFT's
// metadata/edition is missing, SPL burn + close. Each transaction carries the 1 % fee of its own rent, so every
// transaction stands alone in front of the client's guard. All figures are lamports read from the accounts.
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { isSome } from '@metaplex-foundation/umi';
import { AccountLayout, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { type AccountInfo, type Connection, Keypair, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { TOKEN_METADATA_PROGRAM } from '../../src/common/addresses';
import { computeBudgetIxs } from '../../src/chain/computeBudget';
import { feeTransferIxs } from '../../src/chain/feeTransfer';
import { bulkBurnComputeUnits, priorityFeeFromRecent, serviceFee } from '../../src/chain/fees';
import { findMasterEditionAddress, findMetadataAddress, nftBurnV1Ix, nftSplBurnIxs } from '../../src/chain/nftBurn';
import { packTransactions, transactionToBase64 } from '../../src/chain/pack';

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

export interface NftBurnPlan {
  transactions: string[];
  /** How many NFT burns fit in one transaction (measured). */
  maxBatchSize: number;
  totalRentRecovered: number;
  totalFee: number;
  processedNFTs: { mint: string; name: string; tokenAccount: string; rentLamports: number; full: boolean }[];
  skipped: { mint: string; reason: string }[];
  computeUnitPrice: number;
}

export class NoValidNftsError extends Error {
  name = 'NoValidNftsError';
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

/** Reads token accounts, metadata and editions (one getMultipleAccounts) and keeps what the owner can burn. */
export async function readNftBurns(
  connection: Connection,
  owner: string,
  items: NftBurnRequestItem[],
): Promise<{ planned: PlannedNftBurn[]; skipped: NftBurnPlan['skipped']; metadataProgram: boolean }> {
  const keys = items.flatMap((n) => [
    new PublicKey(n.tokenAccount),
    findMetadataAddress(n.mint),
    findMasterEditionAddress(n.mint),
  ]);
  const infos = await connection.getMultipleAccountsInfo([new PublicKey(TOKEN_METADATA_PROGRAM), ...keys], 'confirmed');
  const metadataProgram = Boolean(infos[0]?.executable);
  const planned: PlannedNftBurn[] = [];
  const skipped: NftBurnPlan['skipped'] = [];
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
      rentLamports: token.lamports + (full ? metadata!.lamports + edition!.lamports : 0),
      verifiedCollectionMint: full ? verifiedCollectionOf(metadata!) : undefined,
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

function packNftBurns(owner: string, feeWallet: string, nfts: PlannedNftBurn[], blockhash: string, price: number) {
  return packTransactions({
    payer: owner,
    recentBlockhash: blockhash,
    groups: nfts.map((n) => nftBurnIxs(owner, n)),
    prefix: (count) => computeBudgetIxs(bulkBurnComputeUnits(count), price),
    // The fee goes last: by then the burns have credited the owner.
    suffix: (indexes) => feeTransferIxs(owner, feeWallet, feeOf(indexes.map((i) => nfts[i]))),
  });
}

function feeOf(nfts: PlannedNftBurn[]): number {
  return serviceFee(nfts.reduce((sum, n) => sum + n.rentLamports, 0));
}

/** How many burns like `sample` fit one transaction: packs synthetic NFTs of the same shape (fresh keys). */
function measureMaxBatchSize(owner: string, feeWallet: string, sample: PlannedNftBurn, blockhash: string, price: number) {
  const fakes = Array.from({ length: 16 }, () => ({
    ...sample,
    mint: Keypair.generate().publicKey.toBase58(),
    tokenAccount: Keypair.generate().publicKey.toBase58(),
  }));
  return packNftBurns(owner, feeWallet, fakes, blockhash, price)[0].groupIndexes.length;
}

export async function planNftBurn(
  connection: Connection,
  opts: { owner: string; feeWallet: string; nfts: NftBurnRequestItem[] },
): Promise<NftBurnPlan> {
  const { planned, skipped } = await readNftBurns(connection, opts.owner, opts.nfts);
  if (planned.length === 0) throw new NoValidNftsError('No valid NFTs found to burn');
  const [{ blockhash }, recentFees] = await Promise.all([
    connection.getLatestBlockhash('confirmed'),
    connection.getRecentPrioritizationFees().catch(() => []),
  ]);
  const price = priorityFeeFromRecent(recentFees);
  const packed = packNftBurns(opts.owner, opts.feeWallet, planned, blockhash, price);
  const totalRentRecovered = planned.reduce((sum, n) => sum + n.rentLamports, 0);
  const totalFee = packed.reduce((sum, p) => sum + feeOf(p.groupIndexes.map((i) => planned[i])), 0);
  return {
    transactions: packed.map((p) => transactionToBase64(p.transaction)),
    maxBatchSize: measureMaxBatchSize(opts.owner, opts.feeWallet, planned[0], blockhash, price),
    totalRentRecovered,
    totalFee,
    processedNFTs: planned.map(({ mint, name, tokenAccount, rentLamports, full }) => ({ mint, name, tokenAccount, rentLamports, full })),
    skipped,
    computeUnitPrice: price,
  };
}
