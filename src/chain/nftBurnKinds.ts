// What each kind of NFT needs for a full burn, read from the chain (PRODUCT difference 12). The rules are the programs':
// mpl-token-metadata processor/burn/burn.rs (pNFT: token record Unlocked, closed too), nonfungible_edition.rs (print:
// master mint + a token account holding it + the edition marker, which closes only when its last bit clears — and a
// bit clears only when the burner also holds the master), utils close_program_account (a metadata account returns its
// rent minimum, never stored fees); mpl-core processor/burn.rs + utils/account.rs (payer gets rent(size) − rent(1)).
import { Key as CoreKey, deserializeAssetV1, deserializeCollectionV1 } from '@metaplex-foundation/mpl-core';
import { lamports, publicKey as umiPublicKey } from '@metaplex-foundation/umi';
import {
  TokenState,
  getEditionAccountDataSerializer,
  getEditionMarkerAccountDataSerializer,
  getTokenRecordAccountDataSerializer,
} from '@metaplex-foundation/mpl-token-metadata';
import { type AccountInfo, type Connection, PublicKey } from '@solana/web3.js';
import { MPL_CORE_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../common/addresses';
import { HOLDER_REFUSED, type TokenAccountsOfMint, masterHolder } from './masterHolder';

type Conn = Pick<Connection, 'getProgramAccounts' | 'getMinimumBalanceForRentExemption' | 'getTokenLargestAccounts'>;
const META = new PublicKey(TOKEN_METADATA_PROGRAM);
const pda = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, META)[0];

export function findTokenRecordAddress(mint: string, token: string): PublicKey {
  return pda([
    Buffer.from('metadata'),
    META.toBuffer(),
    new PublicKey(mint).toBuffer(),
    Buffer.from('token_record'),
    new PublicKey(token).toBuffer(),
  ]);
}

export function findEditionMarkerAddress(masterMint: string, edition: bigint): PublicKey {
  return pda([
    Buffer.from('metadata'),
    META.toBuffer(),
    new PublicKey(masterMint).toBuffer(),
    Buffer.from('edition'),
    Buffer.from((edition / 248n).toString()),
  ]);
}

/**
 * pNFT token record: null when it is not the program's account; else why burnV1 refuses it, or null reason when
 * Unlocked. "Locked and Listed states cannot be burned" (mpl-token-metadata processor/burn/burn.rs `burn_v1`,
 * IncorrectTokenState): a Sale delegate lists it (processor/delegate/delegate.rs), a staking or utility delegate
 * locks it (processor/state/lock.rs).
 */
export function readTokenRecord(info: AccountInfo<Buffer> | null): { refused: string | null } | null {
  if (!info || info.owner.toBase58() !== TOKEN_METADATA_PROGRAM) return null;
  try {
    const { state } = getTokenRecordAccountDataSerializer().deserialize(info.data)[0];
    if (state === TokenState.Locked) return { refused: PNFT_LOCKED };
    if (state === TokenState.Listed) return { refused: PNFT_LISTED };
    return { refused: null };
  } catch {
    return null;
  }
}
export const PNFT_LOCKED = 'locked by its delegate (staked): unstake it first';
export const PNFT_LISTED = 'listed for sale (a marketplace is its delegate): cancel the listing first';
/** Token Metadata freezes an NFT's token account only for its delegate (freeze_delegated_account.rs): a staking program. */
export const NFT_FROZEN_BY_DELEGATE = 'frozen by its delegate (staked): unstake it first';

export interface PrintParent {
  masterMint: string;
  masterToken: string;
  marker: string;
  markerCloses: boolean;
  markerLamports: number;
  /** The marker's ledger as read, and this print's bit: several prints of one marker are settled together (settlePrintMarkers). */
  ledger: number[];
  bit: { index: number; mask: number };
  /** The program clears the print's bit only when the burner also holds the master (nonfungible_edition.rs). */
  clearsBit: boolean;
}

/**
 * The skip reason of a print whose master the provider would not look up (docs/UPSTREAM.md, "Print editions"):
 * "not checked on this provider", like the refused scans elsewhere — never a failure of the whole plan, never a zero.
 */
export const PRINT_MASTER_NOT_CHECKED = 'print edition’s master not checked on this provider';

const MINT_SIZE = 82;
// Token-2022 accounts with extensions carry their AccountType after the 165-byte base: 1 = Mint (spl-token-2022
// extension/mod.rs, AccountType). base58 of the single byte 1 is '2'.
const T22_ACCOUNT_TYPE_OFFSET = 165;
const T22_MINT_TYPE = '2';
type MasterMint = { mint: string; program: PublicKey };
/** Master mint lookups of one reading, by master edition: several prints of one master ask once. */
export type MasterMintCache = Map<string, Promise<MasterMint | null | typeof HOLDER_REFUSED>>;

/**
 * The print's master mint: the one mint whose mint authority is the master edition, in SPL Token or Token-2022 (the
 * program checks neither program against the print's: processor/burn/nonfungible_edition.rs reads the master mint's
 * decimals and supply whichever it is). Asked of the print's own program first; a Token-2022 mint with extensions is
 * longer than 82 bytes and is found by its account type. HOLDER_REFUSED when a provider refused a scan.
 */
async function masterMintOf(
  connection: Conn,
  printProgram: string,
  parent: string,
): Promise<MasterMint | null | typeof HOLDER_REFUSED> {
  const other = printProgram === TOKEN_2022_PROGRAM ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM;
  const t22Extended = { memcmp: { offset: T22_ACCOUNT_TYPE_OFFSET, bytes: T22_MINT_TYPE } };
  const scans: [string, object][] = [
    [printProgram, { dataSize: MINT_SIZE }],
    [TOKEN_2022_PROGRAM, t22Extended],
    [other, { dataSize: MINT_SIZE }],
  ];
  try {
    for (const [program, size] of scans) {
      const key = new PublicKey(program);
      const mints = await connection.getProgramAccounts(key, {
        commitment: 'confirmed',
        dataSlice: { offset: 0, length: 0 },
        filters: [size as { dataSize: number }, { memcmp: { offset: 4, bytes: parent } }],
      });
      if (mints.length > 1) return null;
      if (mints.length === 1) return { mint: mints[0].pubkey.toBase58(), program: key };
    }
    return null;
  } catch {
    return HOLDER_REFUSED; // the SPL Token program is excluded from the public nodes' indexes (docs/UPSTREAM.md)
  }
}

/** Edition e's bit in its marker: byte (e % 248) / 8, mask 2^(7 − e % 8) (state/edition_marker.rs get_index_and_mask). */
function markerBit(edition: bigint) {
  const offset = Number(edition % 248n);
  return { index: Math.floor(offset / 8), mask: 2 ** (7 - (offset % 8)) };
}

/**
 * A print's parent, found on chain: the edition names its master edition; the master mint is the mint whose mint
 * authority is that master edition (createMasterEditionV3 hands it over); the master token account is one holding it
 * (DAS first when `das` is given, src/chain/masterHolder.ts). A lookup the provider refused is reported as not
 * checked on this provider (PRINT_MASTER_NOT_CHECKED), never as a missing parent nor as a failure.
 */
export async function readPrintParent(
  connection: Conn & Pick<Connection, 'getAccountInfo'>,
  owner: string,
  tokenProgram: string,
  edition: AccountInfo<Buffer>,
  das?: TokenAccountsOfMint,
  cache: MasterMintCache = new Map(),
): Promise<PrintParent | string> {
  let parent: string;
  let number: bigint;
  try {
    const [e] = getEditionAccountDataSerializer().deserialize(edition.data);
    parent = e.parent.toString();
    number = BigInt(e.edition);
  } catch {
    return 'not a print edition';
  }
  let lookup = cache.get(parent);
  if (!lookup) cache.set(parent, (lookup = masterMintOf(connection, tokenProgram, parent)));
  const master = await lookup;
  if (master === HOLDER_REFUSED) return PRINT_MASTER_NOT_CHECKED;
  if (!master) return 'master edition mint not found';
  const holder = await masterHolder(connection, master.program, master.mint, das);
  if (holder === HOLDER_REFUSED) return PRINT_MASTER_NOT_CHECKED;
  if (!holder) return 'master edition token account not found';
  const marker = findEditionMarkerAddress(master.mint, number);
  const markerInfo = await connection.getAccountInfo(marker, 'confirmed');
  if (!markerInfo) return 'edition marker not found';
  let ledger: number[];
  try {
    ledger = [...getEditionMarkerAccountDataSerializer().deserialize(markerInfo.data)[0].ledger];
  } catch {
    return 'edition marker not found';
  }
  const parentOf: PrintParent = {
    masterMint: master.mint,
    masterToken: holder.key,
    marker: marker.toBase58(),
    markerCloses: false,
    markerLamports: markerInfo.lamports,
    ledger,
    bit: markerBit(number),
    clearsBit: holder.a.owner.toBase58() === owner,
  };
  return { ...parentOf, markerCloses: settlePrintMarkers([parentOf])[0] };
}

/**
 * Which of these print burns closes its edition marker, burned in this order: each clears its bit (when the burner
 * holds the master) in the ledger as the burns before it left it, and the burn that empties the ledger closes the
 * marker and returns its lamports (nonfungible_edition.rs: `ledger.iter().all(|i| *i == 0)` → close_program_account).
 * Two prints of one marker in one batch: the second closes it, not neither.
 */
export function settlePrintMarkers(
  prints: readonly Pick<PrintParent, 'marker' | 'ledger' | 'bit' | 'clearsBit'>[],
): boolean[] {
  const ledgers = new Map<string, number[] | null>(); // null: closed by an earlier burn
  return prints.map((p) => {
    const before = ledgers.has(p.marker) ? ledgers.get(p.marker)! : [...p.ledger];
    if (!before) return false;
    const after = [...before];
    if (p.clearsBit) after[p.bit.index] &= ~p.bit.mask & 0xff;
    const closes = after.every((b) => b === 0);
    ledgers.set(p.marker, closes ? null : after);
    return closes;
  });
}

export interface CoreBurn {
  collection?: string;
  rentLamports: number;
}

/**
 * A frozen freeze plugin, the asset's or its collection's, rejects the burn (mpl-core
 * plugins/internal/owner_managed/freeze_delegate.rs and permanent/permanent_freeze_delegate.rs `validate_burn`;
 * utils/mod.rs `validate_asset_permissions`: rejected ⇒ InvalidAuthority).
 */
export const CORE_FROZEN = 'frozen by its freeze delegate (staked): unstake it first';
export const CORE_FROZEN_PERMANENTLY = 'frozen by its permanent freeze delegate (its creator): only they can thaw it';
export const CORE_COLLECTION_FROZEN = 'its collection is frozen by a permanent freeze delegate (its creator)';

/** Whether a Core collection carries a frozen PermanentFreezeDelegate, read once per collection and batch. */
export type CoreCollectionFreezes = Map<string, Promise<boolean>>;

const umiAccount = (info: AccountInfo<Buffer>) => ({
  publicKey: umiPublicKey(PublicKey.default.toBase58()),
  executable: false,
  owner: umiPublicKey(MPL_CORE_PROGRAM),
  lamports: lamports(info.lamports),
  data: new Uint8Array(info.data),
});

/** Whether a Core collection account carries a frozen PermanentFreezeDelegate (its members' burns are refused). */
export function coreCollectionFrozen(info: AccountInfo<Buffer> | null): boolean {
  if (!info || info.owner.toBase58() !== MPL_CORE_PROGRAM) return false;
  try {
    return Boolean(deserializeCollectionV1(umiAccount(info)).permanentFreezeDelegate?.frozen);
  } catch {
    return false;
  }
}

async function collectionFrozen(connection: Pick<Connection, 'getAccountInfo'>, collection: string) {
  return coreCollectionFrozen(await connection.getAccountInfo(new PublicKey(collection), 'confirmed'));
}

/** A Core asset the owner may burn: AssetV1, owned by `owner`, frozen by no freeze plugin (its own or its collection's). */
export async function readCoreBurn(
  connection: Conn & Pick<Connection, 'getAccountInfo'>,
  owner: string,
  info: AccountInfo<Buffer> | null,
  collections: CoreCollectionFreezes = new Map(),
): Promise<CoreBurn | string> {
  if (!info || info.owner.toBase58() !== MPL_CORE_PROGRAM || info.data[0] !== CoreKey.AssetV1)
    return 'not a Metaplex Core asset';
  let asset;
  try {
    // mpl-core's own reader, plugins included.
    asset = deserializeAssetV1(umiAccount(info));
  } catch {
    return 'not a Metaplex Core asset';
  }
  if (asset.owner.toString() !== owner) return 'asset not owned by this wallet';
  if (asset.freezeDelegate?.frozen) return CORE_FROZEN;
  if (asset.permanentFreezeDelegate?.frozen) return CORE_FROZEN_PERMANENTLY;
  const collection =
    asset.updateAuthority.type === 'Collection' ? asset.updateAuthority.address?.toString() : undefined;
  if (collection) {
    if (!collections.has(collection)) collections.set(collection, collectionFrozen(connection, collection));
    if (await collections.get(collection)) return CORE_COLLECTION_FROZEN;
  }
  const [size, one] = await Promise.all([
    connection.getMinimumBalanceForRentExemption(info.data.length),
    connection.getMinimumBalanceForRentExemption(1),
  ]);
  return { collection, rentLamports: Math.min(size, info.lamports) - one };
}

/** What closing a metadata account returns: its rent minimum, never more than it holds. */
export async function metadataReturn(
  connection: Conn,
  info: AccountInfo<Buffer>,
  cache: Map<number, Promise<number>>,
): Promise<number> {
  let p = cache.get(info.data.length);
  if (!p) cache.set(info.data.length, (p = connection.getMinimumBalanceForRentExemption(info.data.length)));
  return Math.min(info.lamports, await p);
}
