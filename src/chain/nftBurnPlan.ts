// Reads what burning these NFTs really involves, per kind (PRODUCT difference 12): the owner's token accounts, their metadata and
// editions, pNFT token records, print editions' masters and markers, Metaplex Core assets — and whether Token Metadata
// exists on the cluster. Shared by the single NFT burn (browser) and POST /api/batch-burn-nft (server), so both burn
// the same way and count rent from the same accounts' lamports.
import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import { isSome, unwrapOption } from '@metaplex-foundation/umi';
import { AccountLayout } from '@solana/spl-token';
import { type AccountInfo, type Connection, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { MPL_CORE_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../common/addresses';
import { coreBurnV1Ix, findMasterEditionAddress, findMetadataAddress, nftBurnV1Ix, nftSplBurnIxs } from './nftBurn';
import {
  type PrintParent,
  findTokenRecordAddress,
  metadataReturn,
  readCoreBurn,
  readPrintParent,
  readTokenRecord,
  NFT_FROZEN_BY_DELEGATE,
  settlePrintMarkers,
  type MasterMintCache,
  type CoreCollectionFreezes,
} from './nftBurnKinds';
import type { TokenAccountsOfMint } from './masterHolder';

export { masterHoldersAt } from './masterHolder'; // the page's DAS lookup, in this lazily loaded chunk

export interface SkippedNft {
  mint: string;
  reason: string;
}

export interface NftBurnRequestItem {
  mint: string;
  /** Absent for a Metaplex Core asset, whose `mint` is the asset address. */
  tokenAccount?: string;
  name: string;
}

export type NftBurnKind = 'nft' | 'pnft' | 'print' | 'token2022Nft' | 'core';

export interface PlannedNftBurn extends NftBurnRequestItem {
  /** true = the program's full burn (burnV1), false = SPL burn + close of the token account. */
  full: boolean;
  kind: NftBurnKind;
  /** Exactly what the burn returns to the owner, from the accounts' lamports (and the cluster's rent for Core). */
  rentLamports: number;
  verifiedCollectionMint?: string;
  tokenProgram?: string;
  print?: PrintParent;
  coreCollection?: string;
  /**
   * Set when this NFT is a collection's parent (its metadata carries collection details): how many NFTs the program
   * counts in the collection (a sized collection), or null when it does not say. Burning it warns (the review step).
   */
  collectionMembers?: number | null;
}

type Conn = Pick<
  Connection,
  | 'getMultipleAccountsInfo'
  | 'getProgramAccounts'
  | 'getMinimumBalanceForRentExemption'
  | 'getAccountInfo'
  | 'getTokenLargestAccounts'
>;
const MAX_ACCOUNTS_PER_CALL = 100;
const PER_ITEM = 4; // token account (or Core asset), metadata, edition, token record

function decodeMetadata(info: AccountInfo<Buffer> | null) {
  if (!info || info.owner.toBase58() !== TOKEN_METADATA_PROGRAM) return null;
  try {
    const [m] = getMetadataAccountDataSerializer().deserialize(info.data);
    const c = unwrapOption(m.collection);
    const details = unwrapOption(m.collectionDetails);
    return {
      collectionMembers: details ? (details.__kind === 'V1' ? Number(details.size) : null) : undefined,
      standard: unwrapOption(m.tokenStandard) ?? TokenStandard.NonFungible,
      verifiedCollection: c?.verified ? c.key.toString() : undefined,
      hasStandard: isSome(m.tokenStandard),
    };
  } catch {
    return null;
  }
}

function decodeTokenAccount(info: AccountInfo<Buffer> | null) {
  if (!info) return null;
  const program = info.owner.toBase58();
  if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) return null;
  const base =
    info.data.length === AccountLayout.span || (program === TOKEN_2022_PROGRAM && info.data[AccountLayout.span] === 2);
  return base ? { ...AccountLayout.decode(info.data.subarray(0, AccountLayout.span)), program } : null;
}

const MASTER_EDITION_KEYS = new Set([2, 6]); // Key::MasterEditionV1, Key::MasterEditionV2 (state/mod.rs)

/** Prints outstanding of a master edition (MasterEditionV2: key u8, supply u64 LE); 0 for anything else. */
function printsOf(edition: AccountInfo<Buffer>): bigint {
  if (!MASTER_EDITION_KEYS.has(edition.data[0]) || edition.data.length < 9) return 0n;
  return edition.data.readBigUInt64LE(1);
}

/** Token Metadata refuses the burn of a master whose prints are outstanding (burn/nonfungible.rs: MasterEditionHasPrints). */
export const masterHasPrints = (n: bigint) => `this master has ${n} print${n === 1n ? '' : 's'}: burn them first`;

async function fetchAll(connection: Conn, keys: PublicKey[]): Promise<(AccountInfo<Buffer> | null)[]> {
  // RPC nodes answer at most 100 accounts per getMultipleAccounts.
  const chunks: PublicKey[][] = [];
  for (let i = 0; i < keys.length; i += MAX_ACCOUNTS_PER_CALL) chunks.push(keys.slice(i, i + MAX_ACCOUNTS_PER_CALL));
  return (await Promise.all(chunks.map((c) => connection.getMultipleAccountsInfo(c, 'confirmed')))).flat();
}

/**
 * Reads every account each burn needs and keeps what the owner can burn, with the reason for the rest. `masterHolders`
 * (DAS getTokenAccounts, src/chain/masterHolder.ts) is asked first for a print's master holder where a DAS is at hand.
 */
export async function readNftBurns(
  connection: Conn,
  owner: string,
  items: NftBurnRequestItem[],
  opts: { masterHolders?: TokenAccountsOfMint } = {},
): Promise<{ planned: PlannedNftBurn[]; skipped: SkippedNft[]; metadataProgram: boolean }> {
  const keys = items.flatMap((n) => {
    const metadata = findMetadataAddress(n.mint);
    return [
      new PublicKey(n.tokenAccount ?? n.mint),
      metadata,
      findMasterEditionAddress(n.mint),
      n.tokenAccount ? findTokenRecordAddress(n.mint, n.tokenAccount) : metadata,
    ];
  });
  const infos = await fetchAll(connection, [new PublicKey(TOKEN_METADATA_PROGRAM), ...keys]);
  const metadataProgram = Boolean(infos[0]?.executable);
  const rentCache = new Map<number, Promise<number>>();
  const masterMints: MasterMintCache = new Map();
  const coreCollections: CoreCollectionFreezes = new Map();
  const seen = new Set<string>();
  const results = await Promise.all(
    items.map(async (item, i): Promise<PlannedNftBurn | SkippedNft> => {
      const [first, metadata, edition, record] = infos.slice(1 + PER_ITEM * i, 1 + PER_ITEM * (i + 1));
      const skip = (reason: string): SkippedNft => ({ mint: item.mint, reason });
      const key = item.tokenAccount ?? item.mint;
      if (seen.has(key)) return skip('duplicate');
      seen.add(key);
      if (!item.tokenAccount) {
        if (first?.owner.toBase58() !== MPL_CORE_PROGRAM) return skip('token account not found');
        const core = await readCoreBurn(connection, owner, first, coreCollections);
        if (typeof core === 'string') return skip(core);
        return { ...item, full: true, kind: 'core', rentLamports: core.rentLamports, coreCollection: core.collection };
      }
      const token = decodeTokenAccount(first);
      if (!token) return skip('token account not found');
      if (token.owner.toBase58() !== owner) return skip('token account not owned by this wallet');
      if (token.mint.toBase58() !== item.mint) return skip('token account holds another mint');
      if (token.amount !== 1n) return skip('not a single-unit NFT account');
      const meta = decodeMetadata(metadata);
      const editionOk = edition?.owner.toBase58() === TOKEN_METADATA_PROGRAM;
      const frozen = token.state !== 1;
      const base = {
        ...item,
        tokenProgram: token.program,
        ...(meta?.collectionMembers !== undefined ? { collectionMembers: meta.collectionMembers } : {}),
      };
      if (!metadataProgram || !meta || !editionOk) {
        // Without the program (or its accounts) only the token account comes back; a frozen one cannot be burned.
        if (frozen) return skip('token account is frozen');
        return {
          ...base,
          full: false,
          kind: token.program === TOKEN_2022_PROGRAM ? 'token2022Nft' : 'nft',
          rentLamports: first!.lamports,
        };
      }
      const metaBack = await metadataReturn(connection, metadata!, rentCache);
      const common = first!.lamports + metaBack + edition.lamports;
      const prints = meta.standard === TokenStandard.NonFungibleEdition ? 0n : printsOf(edition);
      if (prints > 0n) return skip(masterHasPrints(prints));
      if (meta.standard === TokenStandard.ProgrammableNonFungible) {
        // Always frozen: the program thaws it itself. A Locked or Listed token record (staked, listed) refuses the burn.
        const tr = readTokenRecord(record);
        if (!tr) return skip('token record not found');
        if (tr.refused) return skip(tr.refused);
        return {
          ...base,
          full: true,
          kind: 'pnft',
          rentLamports: common + record!.lamports,
          verifiedCollectionMint: meta.verifiedCollection,
        };
      }
      // SPL Token's burn refuses a frozen account (AccountFrozen); for an NFT only its delegate can have frozen it.
      if (frozen) return skip(token.delegateOption ? NFT_FROZEN_BY_DELEGATE : 'token account is frozen');
      if (meta.standard === TokenStandard.NonFungibleEdition) {
        const parent = await readPrintParent(
          connection,
          owner,
          token.program,
          edition,
          opts.masterHolders,
          masterMints,
        );
        if (typeof parent === 'string') return skip(parent);
        return {
          ...base,
          full: true,
          kind: 'print',
          print: parent,
          rentLamports: common + (parent.markerCloses ? parent.markerLamports : 0),
        };
      }
      if (meta.standard !== TokenStandard.NonFungible) return skip('not a non-fungible token standard');
      return {
        ...base,
        full: true,
        kind: token.program === TOKEN_2022_PROGRAM ? 'token2022Nft' : 'nft',
        rentLamports: common,
        verifiedCollectionMint: meta.verifiedCollection,
      };
    }),
  );
  const planned = settleMarkers(results.filter((r): r is PlannedNftBurn => 'kind' in r));
  const skipped = results.filter((r): r is SkippedNft => !('kind' in r));
  return { planned, skipped, metadataProgram };
}

/**
 * The batch as a whole: prints sharing an edition marker change each other's figures (the burn that empties the
 * marker gets its lamports), so each print's figure is settled in the order the burns are packed and sent.
 */
function settleMarkers(planned: PlannedNftBurn[]): PlannedNftBurn[] {
  const prints = planned.filter((p) => p.print);
  const closes = settlePrintMarkers(prints.map((p) => p.print!));
  const settled = new Map(prints.map((p, i) => [p, closes[i]]));
  return planned.map((p) => {
    if (!p.print || settled.get(p) === p.print.markerCloses) return p;
    const markerCloses = settled.get(p)!;
    const delta = (markerCloses ? 1 : -1) * p.print.markerLamports;
    return { ...p, rentLamports: p.rentLamports + delta, print: { ...p.print, markerCloses } };
  });
}

/** Why prints of one edition marker beyond one transaction's room wait for another batch (keepMarkersWhole). */
export const MARKER_PRINTS_EXCESS =
  'more prints of one edition marker than one transaction holds: burn the rest in another batch';

/**
 * Prints of a marker the batch would empty go in one transaction (the page's guard simulates each transaction alone,
 * so the marker closes as planned only there). Those beyond `perTransaction` are left out with the reason, and the
 * rest settled again: the marker then stays open, so no transaction's figure depends on another's. A marker the batch
 * leaves open may split: its burns change no one else's figure.
 */
export function keepMarkersWhole(
  planned: PlannedNftBurn[],
  perTransaction: number,
): { planned: PlannedNftBurn[]; skipped: SkippedNft[] } {
  const byMarker = new Map<string, PlannedNftBurn[]>();
  for (const p of planned) if (p.print) byMarker.set(p.print.marker, [...(byMarker.get(p.print.marker) ?? []), p]);
  const excess = new Set<PlannedNftBurn>();
  for (const prints of byMarker.values())
    if (prints.length > perTransaction && prints.some((p) => p.print!.markerCloses))
      for (const p of prints.slice(perTransaction)) excess.add(p);
  if (!excess.size) return { planned, skipped: [] };
  return {
    planned: settleMarkers(planned.filter((p) => !excess.has(p))),
    skipped: [...excess].map((p) => ({ mint: p.mint, reason: MARKER_PRINTS_EXCESS })),
  };
}

export interface CollectionParent {
  mint: string;
  name: string;
  /** How many NFTs the program counts in it; null when it does not say (an unsized collection). */
  members: number | null;
}

/**
 * The collection NFTs among these burns: by their own collection details, or because another of them names it as its
 * verified collection (an unsized collection carries no details).
 */
export function collectionParents(planned: readonly PlannedNftBurn[]): CollectionParent[] {
  const named = new Set(planned.map((p) => p.verifiedCollectionMint).filter(Boolean));
  return planned
    .filter((p) => p.collectionMembers !== undefined || named.has(p.mint))
    .map((p) => ({ mint: p.mint, name: p.name, members: p.collectionMembers ?? null }));
}

/** The instructions of one burn, by kind. */
export function nftBurnIxs(owner: string, nft: PlannedNftBurn): TransactionInstruction[] {
  if (nft.kind === 'core') return [coreBurnV1Ix(owner, nft.mint, nft.coreCollection)];
  if (!nft.full) return nftSplBurnIxs({ owner, mint: nft.mint, tokenAccount: nft.tokenAccount! }, nft.tokenProgram);
  const standard =
    nft.kind === 'pnft'
      ? TokenStandard.ProgrammableNonFungible
      : nft.kind === 'print'
        ? TokenStandard.NonFungibleEdition
        : TokenStandard.NonFungible;
  return [
    nftBurnV1Ix({
      owner,
      mint: nft.mint,
      tokenAccount: nft.tokenAccount!,
      verifiedCollectionMint: nft.verifiedCollectionMint,
      tokenStandard: standard,
      tokenProgram: nft.tokenProgram === TOKEN_2022_PROGRAM ? nft.tokenProgram : undefined,
      print: nft.print && {
        masterMint: nft.print.masterMint,
        masterToken: nft.print.masterToken,
        marker: nft.print.marker,
      },
    }),
  ];
}

/** Accounts of the user's own a burn names (the guard's allow-list): mint or asset, and the token account. */
export function burnAllowedAccounts(nft: PlannedNftBurn): string[] {
  return nft.tokenAccount ? [nft.mint, nft.tokenAccount] : [nft.mint];
}
