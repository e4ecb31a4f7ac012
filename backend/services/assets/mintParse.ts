// A mint as a node answers it with encoding jsonParsed: decimals, supply, authorities and Token-2022 extensions
// (tokenMetadata, metadataPointer, scaledUiAmountConfig, interestBearingConfig). Checked against the recorded
// mainnet answer in __tests__/fixtures/upstream/solana/getAccountInfo-aaplx-mint.json.
import { unpack as unpackTokenMetadata } from '@solana/spl-token-metadata';

export interface ParsedMintFields {
  decimals: number;
  supply: bigint;
  mintAuthority: string | null;
  name?: string;
  symbol?: string;
  uri?: string;
  /** metadataPointer.metadataAddress when it points away from the mint (metadata lives in another account). */
  metadataPointer?: string;
  /** scaledUiAmountConfig: the multiplier in force at `nowSec` (newMultiplier once its timestamp has passed). */
  uiMultiplier?: number;
  interestBearing?: boolean;
}

type Extension = { extension: string; state?: Record<string, unknown> };
export type JsonParsedData = { program?: string; parsed?: { type?: string; info?: Record<string, unknown> } };

const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\0/g, '').trim() : '');

/** The fields of a jsonParsed mint, or null when `data` is not one (base64 fallback, a token account, …). */
export function parseJsonMint(mint: string, data: unknown, nowSec = Date.now() / 1000): ParsedMintFields | null {
  const parsed = (data as JsonParsedData | null)?.parsed;
  if (!parsed || parsed.type !== 'mint' || !parsed.info) return null;
  const info = parsed.info;
  const out: ParsedMintFields = {
    decimals: Number(info.decimals ?? 0),
    supply: BigInt(String(info.supply ?? '0')),
    mintAuthority: typeof info.mintAuthority === 'string' ? info.mintAuthority : null,
  };
  for (const ext of (info.extensions as Extension[] | undefined) ?? []) {
    const st = ext.state ?? {};
    if (ext.extension === 'tokenMetadata') {
      out.name = clean(st.name);
      out.symbol = clean(st.symbol);
      out.uri = clean(st.uri);
    } else if (
      ext.extension === 'metadataPointer' &&
      typeof st.metadataAddress === 'string' &&
      st.metadataAddress !== mint
    ) {
      out.metadataPointer = st.metadataAddress;
    } else if (ext.extension === 'scaledUiAmountConfig') {
      const switchAt = Number(st.newMultiplierEffectiveTimestamp ?? 0);
      out.uiMultiplier = Number(switchAt > 0 && nowSec >= switchAt ? st.newMultiplier : st.multiplier);
    } else if (ext.extension === 'interestBearingConfig') {
      out.interestBearing = true;
    }
  }
  return out;
}

/**
 * Token metadata kept in an account other than the mint (the metadata-pointer extension may point anywhere): a
 * Token-2022 mint carrying the tokenMetadata extension, or a program's account in the token-metadata interface's
 * layout (8-byte type discriminator, 4-byte little-endian length, then the fields). Metaplex metadata accounts are
 * read by the caller. Null when none of these fit.
 */
export function tokenMetadataFromAccount(
  address: string,
  data: unknown,
): { name: string; symbol: string; uri: string } | null {
  const asMint = parseJsonMint(address, data);
  if (asMint?.name !== undefined) return { name: asMint.name, symbol: asMint.symbol ?? '', uri: asMint.uri ?? '' };
  if (!Array.isArray(data) || data[1] !== 'base64') return null;
  const bytes = Buffer.from(String(data[0]), 'base64');
  if (bytes.length < 12) return null;
  const length = bytes.readUInt32LE(8);
  if (length === 0 || 12 + length > bytes.length) return null;
  try {
    const md = unpackTokenMetadata(bytes.subarray(12, 12 + length));
    return { name: clean(md.name), symbol: clean(md.symbol), uri: clean(md.uri) };
  } catch {
    return null;
  }
}
