// What each kind of NFT needs for a full burn, read from the chain (PRODUCT difference 12). The rules are the programs':
// mpl-token-metadata processor/burn/burn.rs (pNFT: token record Unlocked, closed too), nonfungible_edition.rs (print:
// master mint + a token account holding it + the edition marker, which closes only when its last bit clears — and a
// bit clears only when the burner also holds the master), utils close_program_account (a metadata account returns its
// rent minimum, never stored fees); mpl-core processor/burn.rs + utils/account.rs (payer gets rent(size) − rent(1)).
import { Key as CoreKey, deserializeAssetV1 } from '@metaplex-foundation/mpl-core';
import { lamports, publicKey as umiPublicKey } from '@metaplex-foundation/umi';
import {
  TokenState,
  getEditionAccountDataSerializer,
  getEditionMarkerAccountDataSerializer,
  getTokenRecordAccountDataSerializer,
} from '@metaplex-foundation/mpl-token-metadata';
import { type AccountInfo, type Connection, PublicKey } from '@solana/web3.js';
import { MPL_CORE_PROGRAM, TOKEN_METADATA_PROGRAM } from '../common/addresses';
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

/** pNFT token record: null when it is not the program's account; `locked` for the Locked and Listed states. */
export function readTokenRecord(info: AccountInfo<Buffer> | null): { locked: boolean } | null {
  if (!info || info.owner.toBase58() !== TOKEN_METADATA_PROGRAM) return null;
  try {
    return { locked: getTokenRecordAccountDataSerializer().deserialize(info.data)[0].state !== TokenState.Unlocked };
  } catch {
    return null;
  }
}

export interface PrintParent {
  masterMint: string;
  masterToken: string;
  marker: string;
  markerCloses: boolean;
  markerLamports: number;
}

/**
 * The skip reason of a print whose master the provider would not look up (docs/UPSTREAM.md, "Print editions"):
 * "not checked on this provider", like the refused scans elsewhere — never a failure of the whole plan, never a zero.
 */
export const PRINT_MASTER_NOT_CHECKED = 'print edition’s master not checked on this provider';

/** The print's master mint: the one mint whose mint authority is the master edition; HOLDER_REFUSED when refused. */
async function masterMintOf(connection: Conn, program: PublicKey, parent: string) {
  try {
    const mints = await connection.getProgramAccounts(program, {
      commitment: 'confirmed',
      dataSlice: { offset: 0, length: 0 },
      filters: [{ dataSize: 82 }, { memcmp: { offset: 4, bytes: parent } }],
    });
    return mints.length === 1 ? mints[0].pubkey.toBase58() : null;
  } catch {
    return HOLDER_REFUSED; // the SPL Token program is excluded from the public nodes' indexes (docs/UPSTREAM.md)
  }
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
  const program = new PublicKey(tokenProgram);
  const masterMint = await masterMintOf(connection, program, parent);
  if (masterMint === HOLDER_REFUSED) return PRINT_MASTER_NOT_CHECKED;
  if (!masterMint) return 'master edition mint not found';
  const holder = await masterHolder(connection, program, masterMint, das);
  if (holder === HOLDER_REFUSED) return PRINT_MASTER_NOT_CHECKED;
  if (!holder) return 'master edition token account not found';
  const marker = findEditionMarkerAddress(masterMint, number);
  const markerInfo = await connection.getAccountInfo(marker, 'confirmed');
  if (!markerInfo) return 'edition marker not found';
  let markerCloses = false;
  if (holder.a.owner.toBase58() === owner) {
    const ledger = [...getEditionMarkerAccountDataSerializer().deserialize(markerInfo.data)[0].ledger];
    const offset = Number(number % 248n);
    ledger[Math.floor(offset / 8)] ^= 2 ** (7 - (offset % 8));
    markerCloses = ledger.every((b) => b === 0);
  }
  return {
    masterMint,
    masterToken: holder.key,
    marker: marker.toBase58(),
    markerCloses,
    markerLamports: markerInfo.lamports,
  };
}

export interface CoreBurn {
  collection?: string;
  rentLamports: number;
}

/** A Core asset the owner may burn: AssetV1, owned by `owner`, not frozen by a freeze plugin. */
export async function readCoreBurn(
  connection: Conn,
  owner: string,
  info: AccountInfo<Buffer> | null,
): Promise<CoreBurn | string> {
  if (!info || info.owner.toBase58() !== MPL_CORE_PROGRAM || info.data[0] !== CoreKey.AssetV1)
    return 'not a Metaplex Core asset';
  let asset;
  try {
    // mpl-core's own reader, plugins included (a frozen FreezeDelegate refuses the burn).
    asset = deserializeAssetV1({
      publicKey: umiPublicKey(PublicKey.default.toBase58()),
      executable: false,
      owner: umiPublicKey(MPL_CORE_PROGRAM),
      lamports: lamports(info.lamports),
      data: new Uint8Array(info.data),
    });
  } catch {
    return 'not a Metaplex Core asset';
  }
  if (asset.owner.toString() !== owner) return 'asset not owned by this wallet';
  if (asset.freezeDelegate?.frozen || asset.permanentFreezeDelegate?.frozen) return 'asset is frozen by a delegate';
  const [size, one] = await Promise.all([
    connection.getMinimumBalanceForRentExemption(info.data.length),
    connection.getMinimumBalanceForRentExemption(1),
  ]);
  const collection =
    asset.updateAuthority.type === 'Collection' ? asset.updateAuthority.address?.toString() : undefined;
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
