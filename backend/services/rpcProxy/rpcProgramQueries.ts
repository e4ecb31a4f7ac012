// The getProgramAccounts /api/rpc relays (RELIABILITY, trust): exactly the two the page sends to find a print
// edition's master (src/chain/nftBurnKinds.ts masterMintOf, src/chain/masterHolder.ts byScan), and only when the key
// they name makes them a pinpoint. Any 32-byte key once passed, so a popular mint at offset 0 (wSOL, USDC) listed
// every holder it has. The key is read first: a master edition has one mint, and an NFT's mint (supply 1) one holder.
import bs58 from 'bs58';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';

/** SPL Token's account sizes: a mint (82 bytes) and a token account (165). */
const MINT_SIZE = 82;
const TOKEN_ACCOUNT_SIZE = 165;
/** A mint's supply: u64 little-endian at byte 36 (SPL Token state, Mint). */
const SUPPLY_OFFSET = 36;
/** Token Metadata's account keys of a master edition (MasterEditionV1 = 2, MasterEditionV2 = 6; mpl-token-metadata Key). */
const MASTER_EDITION_KEYS = new Set([2, 6]);

/** A page query: the key it names, and what that key must be for the answer to be one account. */
export interface PageProgramQuery {
  key: string;
  names: 'masterEdition' | 'nftMint';
  program: string;
}

type Filter = { dataSize?: unknown; memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown } };

/** The page's query these params are, or null (anything else is a scan and refused). */
export function pageProgramQuery(params: unknown): PageProgramQuery | null {
  if (!Array.isArray(params) || params.length > 2) return null;
  const [program, cfg] = params as [unknown, { filters?: unknown; dataSlice?: unknown } | undefined];
  if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) return null;
  const filters = cfg?.filters;
  if (!Array.isArray(filters) || filters.length !== 2) return null;
  const [size, match] = filters as Filter[];
  const key = memcmpKey(match?.memcmp);
  if (!key || Object.keys(match ?? {}).join() !== 'memcmp') return null;
  // A Token-2022 master mint with extensions is found by its account type instead of its size (masterMintOf).
  if (program === TOKEN_2022_PROGRAM && isT22MintType(size) && match.memcmp?.offset === 4)
    return { key, names: 'masterEdition', program };
  if (Object.keys(size ?? {}).join() !== 'dataSize') return null;
  if (size.dataSize === MINT_SIZE && match.memcmp?.offset === 4) return { key, names: 'masterEdition', program };
  if (size.dataSize === TOKEN_ACCOUNT_SIZE && match.memcmp?.offset === 0) return { key, names: 'nftMint', program };
  return null;
}

/** Token-2022's AccountType byte after the 165-byte base, 1 = Mint (base58 '2'): spl-token-2022 extension/mod.rs. */
function isT22MintType(f: Filter | undefined): boolean {
  const m = f?.memcmp;
  return Object.keys(f ?? {}).join() === 'memcmp' && m?.offset === 165 && m.bytes === '2' && m.encoding !== 'base64';
}

/** The base58 of a memcmp on a whole 32-byte address that is not all zeros (32 zero bytes match every empty field). */
export function memcmpKey(memcmp: Filter['memcmp'] | undefined): string | null {
  if (typeof memcmp?.bytes !== 'string' || memcmp.bytes.length > 44) return null;
  if (memcmp.encoding !== undefined && memcmp.encoding !== 'base58') return null;
  try {
    const bytes = bs58.decode(memcmp.bytes);
    return bytes.length === 32 && bytes.some((b) => b !== 0) ? memcmp.bytes : null;
  } catch {
    return null;
  }
}

/** A read of one account: its owner and data, or null when it does not exist. */
export type ReadAccount = (key: string) => Promise<{ owner: string; data: Uint8Array } | null>;

/** Whether the query's key makes it a pinpoint: a master edition's account, or a mint of supply 1 of the program. */
export async function isPinpoint(query: PageProgramQuery, read: ReadAccount): Promise<boolean> {
  const account = await read(query.key);
  if (!account) return false;
  if (query.names === 'masterEdition')
    return account.owner === TOKEN_METADATA_PROGRAM && MASTER_EDITION_KEYS.has(account.data[0]);
  if (account.owner !== query.program || account.data.length < MINT_SIZE) return false;
  const supply = Buffer.from(account.data).readBigUInt64LE(SUPPLY_OFFSET);
  return supply === 1n;
}
