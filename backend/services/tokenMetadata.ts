import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import { ExtensionType, getExtensionData, MintLayout, MINT_SIZE, ACCOUNT_SIZE } from '@solana/spl-token';
import { unpack as unpackTokenMetadata } from '@solana/spl-token-metadata';
import { PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM } from '../../src/common/addresses';
import type { RpcClient } from './rpc';

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
}

const METADATA_PROGRAM = new PublicKey(TOKEN_METADATA_PROGRAM);
const MAX_KEYS_PER_CALL = 100; // the RPC's getMultipleAccounts limit
const NFT_STANDARDS = new Set<number>([
  TokenStandard.NonFungible,
  TokenStandard.NonFungibleEdition,
  TokenStandard.ProgrammableNonFungible,
  TokenStandard.ProgrammableNonFungibleEdition,
]);

export function metadataPda(mint: string): string {
  return PublicKey.findProgramAddressSync([Buffer.from('metadata'), METADATA_PROGRAM.toBuffer(), new PublicKey(mint).toBuffer()], METADATA_PROGRAM)[0].toBase58();
}
export function editionPda(mint: string): string {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('metadata'), METADATA_PROGRAM.toBuffer(), new PublicKey(mint).toBuffer(), Buffer.from('edition')],
    METADATA_PROGRAM,
  )[0].toBase58();
}

type RawAccount = { data: [string, string]; owner: string; lamports: number } | null;

/** Fetches mint, metadata PDA and edition PDA of every mint with getMultipleAccounts, 100 keys per call. */
export async function fetchMintInfos(rpc: RpcClient, mints: string[]): Promise<Map<string, MintInfo>> {
  const unique = [...new Set(mints)];
  const keys = unique.flatMap((m) => [m, metadataPda(m), editionPda(m)]);
  const accounts: RawAccount[] = [];
  for (let i = 0; i < keys.length; i += MAX_KEYS_PER_CALL) {
    const chunk = keys.slice(i, i + MAX_KEYS_PER_CALL);
    const res = await rpc.call<{ value: RawAccount[] }>('getMultipleAccounts', [chunk, { encoding: 'base64', commitment: 'confirmed' }]);
    accounts.push(...(res?.value ?? chunk.map(() => null)));
  }
  const out = new Map<string, MintInfo>();
  unique.forEach((mint, i) => {
    const [mintAcc, metaAcc, editionAcc] = accounts.slice(i * 3, i * 3 + 3);
    out.set(mint, decodeMintInfo(mint, mintAcc, metaAcc, editionAcc));
  });
  return out;
}

function decodeMintInfo(mint: string, mintAcc: RawAccount, metaAcc: RawAccount, editionAcc: RawAccount): MintInfo {
  const info: MintInfo = { mint, exists: !!mintAcc, hasMasterEdition: !!editionAcc && editionAcc.owner === TOKEN_METADATA_PROGRAM };
  if (mintAcc) {
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
  if (metaAcc && metaAcc.owner === TOKEN_METADATA_PROGRAM) {
    try {
      const [md] = getMetadataAccountDataSerializer().deserialize(Buffer.from(metaAcc.data[0], 'base64'));
      info.name = clean(md.name) || info.name;
      info.symbol = clean(md.symbol) || info.symbol;
      info.uri = clean(md.uri) || info.uri;
      info.metadataAddress = metadataPda(mint);
      if (md.tokenStandard.__option === 'Some') info.tokenStandard = md.tokenStandard.value;
    } catch {
      // A malformed metadata account is treated as no metadata.
    }
  }
  return info;
}

function readToken2022Metadata(data: Buffer, info: MintInfo) {
  try {
    // Token-2022 mints carry the account type byte at 165 and TLV extensions after it.
    const ext = getExtensionData(ExtensionType.TokenMetadata, data.subarray(ACCOUNT_SIZE + 1));
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
