// getProgramAccounts with dataSize / memcmp filters.
import bs58 from 'bs58';
import type { Chain } from '../chain';
import { checkEncoding, encodeAccount, mintDecimalsReader, type AccountConfig } from './accounts';
import { invalidParams } from './params';

export interface ProgramAccountsConfig extends AccountConfig {
  filters?: unknown[];
  withContext?: boolean;
}

type Filter = (data: Uint8Array) => boolean;

function compileFilter(f: unknown): Filter {
  if (!f || typeof f !== 'object') throw invalidParams('invalid filter');
  const o = f as { dataSize?: unknown; memcmp?: { offset?: unknown; bytes?: unknown; encoding?: unknown } };
  if (o.dataSize !== undefined) {
    if (typeof o.dataSize !== 'number' || !Number.isSafeInteger(o.dataSize))
      throw invalidParams('invalid dataSize filter');
    const size = o.dataSize;
    return (d) => d.length === size;
  }
  if (o.memcmp && typeof o.memcmp === 'object') {
    const { offset, bytes, encoding } = o.memcmp;
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0 || typeof bytes !== 'string')
      throw invalidParams('invalid memcmp filter');
    let want: Buffer;
    if (encoding === 'base64') want = Buffer.from(bytes, 'base64');
    else if (encoding === undefined || encoding === 'base58') {
      try {
        want = Buffer.from(bs58.decode(bytes));
      } catch {
        throw invalidParams('invalid memcmp bytes');
      }
    } else throw invalidParams('invalid memcmp encoding');
    if (want.length > 128) throw invalidParams('memcmp bytes too long');
    return (d) =>
      offset + want.length <= d.length && want.equals(Buffer.from(d.buffer, d.byteOffset + offset, want.length));
  }
  throw invalidParams('unsupported filter');
}

export function programAccounts(chain: Chain, programId: string, config: ProgramAccountsConfig) {
  checkEncoding(config);
  if (config.filters !== undefined && (!Array.isArray(config.filters) || config.filters.length > 4))
    throw invalidParams('too many filters provided; max 4');
  const filters = (config.filters ?? []).map(compileFilter);
  const dec = mintDecimalsReader(chain);
  return chain
    .getProgramAccounts(programId)
    .filter(({ account }) => filters.every((f) => f(account.data)))
    .map(({ pubkey, account }) => ({ pubkey, account: encodeAccount(chain, pubkey, account, config, dec) }));
}
