import pMap from 'p-map';
import { LRUCache } from 'lru-cache';
import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import {
  ExtensionType,
  getExtensionData,
  MetadataPointerLayout,
  MintLayout,
  MINT_SIZE,
  ACCOUNT_SIZE,
} from '@solana/spl-token';
import { unpack as unpackTokenMetadata } from '@solana/spl-token-metadata';
import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM } from '../../../src/common/addresses';
import { parseJsonMint, tokenMetadataFromAccount, type JsonParsedData } from './mintParse';
import type { RpcClient } from '../rpc/rpc';

/** What one batched pass learns about a mint. */
export interface MintInfo {
  mint: string;
  exists: boolean;
  program?: string;
  decimals?: number;
  supply?: bigint;
  mintAuthority?: string | null;
  name?: string;
  symbol?: string;
  uri?: string;
  metadataAddress?: string;
  tokenStandard?: number;
  hasMasterEdition: boolean;
  /** Token-2022 metadata pointer to an account other than the mint. */
  metadataPointer?: string;
}

const METADATA_PROGRAM = new PublicKey(TOKEN_METADATA_PROGRAM);
const MAX_KEYS_PER_CALL = 100; // the RPC's getMultipleAccounts limit
const NFT_STANDARDS = new Set<number>([
  TokenStandard.NonFungible,
  TokenStandard.NonFungibleEdition,
  TokenStandard.ProgrammableNonFungible,
  TokenStandard.ProgrammableNonFungibleEdition,
]);

// PDA derivation costs ~1-2 ms (the on-curve check); a wallet with a thousand mints would spend seconds on it
// at every listing, so the answers are remembered.
// At most 50,000, the least recently used dropped first (npm lru-cache).
const pdaCache = new LRUCache<string, string>({ max: 50_000 });
function cachedPda(key: string, seeds: Buffer[]): string {
  let hit = pdaCache.get(key);
  if (!hit) {
    hit = PublicKey.findProgramAddressSync(seeds, METADATA_PROGRAM)[0].toBase58();
    pdaCache.set(key, hit);
  }
  return hit;
}
export function metadataPda(mint: string): string {
  return cachedPda(`m:${mint}`, [Buffer.from('metadata'), METADATA_PROGRAM.toBuffer(), new PublicKey(mint).toBuffer()]);
}
export function editionPda(mint: string): string {
  return cachedPda(`e:${mint}`, [
    Buffer.from('metadata'),
    METADATA_PROGRAM.toBuffer(),
    new PublicKey(mint).toBuffer(),
    Buffer.from('edition'),
  ]);
}

// jsonParsed: mints come parsed (Token-2022 extensions named), other accounts fall back to [base64, 'base64'].
type RawAccount = { data: [string, string] | JsonParsedData; owner: string; lamports: number } | null;

/**
 * Fetches each mint, its metadata PDA and (for mints in `editionFor`, default all) its edition PDA with
 * getMultipleAccounts: 100 keys per call, at most 4 calls in flight.
 */
export async function fetchMintInfos(
  rpc: RpcClient,
  mints: string[],
  editionFor?: (mint: string) => boolean,
): Promise<Map<string, MintInfo>> {
  const unique = [...new Set(mints)];
  const wanted = unique.map((m) => ({
    mint: m,
    keys: [m, metadataPda(m), ...(!editionFor || editionFor(m) ? [editionPda(m)] : [])],
  }));
  const keys = wanted.flatMap((w) => w.keys);
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += MAX_KEYS_PER_CALL) chunks.push(keys.slice(i, i + MAX_KEYS_PER_CALL));
  // Four calls at a time (npm p-map), answers in the order of the chunks.
  const answers = await pMap(
    chunks,
    async (chunk) => {
      const res = await rpc.call<{ value: RawAccount[] }>('getMultipleAccounts', [
        chunk,
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ]);
      return res?.value ?? chunk.map(() => null);
    },
    { concurrency: 4 },
  );
  const accounts = answers.flat();
  const out = new Map<string, MintInfo>();
  let at = 0;
  for (const w of wanted) {
    const [mintAcc, metaAcc, editionAcc = null] = accounts.slice(at, at + w.keys.length);
    at += w.keys.length;
    out.set(w.mint, decodeMintInfo(w.mint, mintAcc, metaAcc, editionAcc));
  }
  await followMetadataPointers(rpc, out);
  return out;
}

/**
 * Token-2022's metadata-pointer extension may name an account other than the mint: read those (one batched pass,
 * only for mints still without a name) as Metaplex metadata, a Token-2022 mint's tokenMetadata, or an account in
 * the token-metadata interface's layout.
 */
async function followMetadataPointers(rpc: RpcClient, infos: Map<string, MintInfo>): Promise<void> {
  const pending = [...infos.values()].filter((i) => i.metadataPointer && !i.name);
  for (let i = 0; i < pending.length; i += MAX_KEYS_PER_CALL) {
    const batch = pending.slice(i, i + MAX_KEYS_PER_CALL);
    const res = await rpc.call<{ value: RawAccount[] }>('getMultipleAccounts', [
      batch.map((b) => b.metadataPointer!),
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    ]);
    batch.forEach((info, j) => {
      const acc = res?.value?.[j];
      if (!acc) return;
      const md =
        acc.owner === TOKEN_METADATA_PROGRAM && Array.isArray(acc.data)
          ? readMetadata(acc.data[0])
          : tokenMetadataFromAccount(info.metadataPointer!, acc.data);
      if (!md) return;
      info.name = md.name;
      info.symbol = md.symbol;
      info.uri = md.uri;
      info.metadataAddress = info.metadataPointer;
    });
  }
}

function decodeMintInfo(mint: string, mintAcc: RawAccount, metaAcc: RawAccount, editionAcc: RawAccount): MintInfo {
  const info: MintInfo = {
    mint,
    exists: !!mintAcc,
    hasMasterEdition: !!editionAcc && editionAcc.owner === TOKEN_METADATA_PROGRAM,
  };
  const parsed = mintAcc ? parseJsonMint(mint, mintAcc.data) : null;
  if (mintAcc && parsed) {
    info.program = mintAcc.owner;
    info.decimals = parsed.decimals;
    info.supply = parsed.supply;
    info.mintAuthority = parsed.mintAuthority;
    if (parsed.name !== undefined) Object.assign(info, { name: parsed.name, symbol: parsed.symbol, uri: parsed.uri });
    if (parsed.metadataPointer) info.metadataPointer = parsed.metadataPointer;
  } else if (mintAcc && Array.isArray(mintAcc.data)) {
    const data = Buffer.from(mintAcc.data[0], 'base64');
    info.program = mintAcc.owner;
    if (data.length >= MINT_SIZE) {
      const m = MintLayout.decode(data.subarray(0, MINT_SIZE));
      info.decimals = m.decimals;
      info.supply = BigInt(m.supply.toString());
      info.mintAuthority = m.mintAuthorityOption ? m.mintAuthority.toBase58() : null;
    }
    if (mintAcc.owner === TOKEN_2022_PROGRAM && data.length > ACCOUNT_SIZE) readToken2022Metadata(data, info);
  }
  if (metaAcc && metaAcc.owner === TOKEN_METADATA_PROGRAM && Array.isArray(metaAcc.data)) {
    const md = readMetadata(metaAcc.data[0]);
    if (md) {
      info.name = md.name || info.name;
      info.symbol = md.symbol || info.symbol;
      info.uri = md.uri || info.uri;
      info.metadataAddress = metadataPda(mint);
      if (md.tokenStandard !== undefined) info.tokenStandard = md.tokenStandard;
    }
  }
  return info;
}

// Deserializing a metadata account costs ~0.1 ms; a wallet with a thousand tokens asks for the same accounts at every
// listing. Keyed by the account's bytes, so an answer is only reused for identical data (safe against any cluster).
type MetadataFields = { name: string; symbol: string; uri: string; tokenStandard?: number } | null;
// At most 20,000, the least recently used dropped first (npm lru-cache, which holds objects: none is { fields: null }).
const metadataByBytes = new LRUCache<string, { fields: MetadataFields }>({ max: 20_000 });
function readMetadata(base64: string): MetadataFields {
  const known = metadataByBytes.get(base64);
  if (known) return known.fields;
  let fields: MetadataFields = null;
  try {
    const [md] = getMetadataAccountDataSerializer().deserialize(Buffer.from(base64, 'base64'));
    fields = { name: clean(md.name), symbol: clean(md.symbol), uri: clean(md.uri) };
    if (md.tokenStandard.__option === 'Some') fields.tokenStandard = md.tokenStandard.value;
  } catch {
    // A malformed metadata account is treated as no metadata.
  }
  metadataByBytes.set(base64, { fields });
  return fields;
}

function readToken2022Metadata(data: Buffer, info: MintInfo) {
  try {
    // Token-2022 mints carry the account type byte at 165 and TLV extensions after it.
    const tlv = data.subarray(ACCOUNT_SIZE + 1);
    const pointer = getExtensionData(ExtensionType.MetadataPointer, tlv);
    const target = pointer ? MetadataPointerLayout.decode(pointer).metadataAddress : null;
    if (target && !target.equals(PublicKey.default) && target.toBase58() !== info.mint)
      info.metadataPointer = target.toBase58();
    const ext = getExtensionData(ExtensionType.TokenMetadata, tlv);
    if (!ext) return;
    const md = unpackTokenMetadata(ext);
    info.name = clean(md.name);
    info.symbol = clean(md.symbol);
    info.uri = clean(md.uri);
  } catch {
    // no or unreadable extension
  }
}

const clean = (s: string | undefined) => (s ?? '').replace(/\0/g, '').trim();

/** The single-unit, zero-decimal pattern of an NFT, confirmed by a master edition, a token standard or a fixed supply of 1. */
export function isNft(info: MintInfo | undefined, amount: bigint, decimals: number): boolean {
  if (decimals !== 0 || amount !== 1n) return false;
  if (!info) return false;
  if (info.hasMasterEdition) return true;
  if (info.tokenStandard !== undefined) return NFT_STANDARDS.has(info.tokenStandard);
  return info.supply === 1n && info.mintAuthority === null;
}
