// Account JSON as a Solana RPC answers it, in every encoding a client may ask for.
import bs58 from 'bs58';
import type { Chain, ChainAccount } from '../chain';
import { RpcError } from '../txErrors';
import { parseTokenAccount } from './tokenParse';

export interface AccountConfig { encoding?: string; dataSlice?: { offset: number; length: number } }

export function mintDecimalsReader(chain: Chain): (mint: string) => number {
  const cache = new Map<string, number>();
  return (mint) => {
    let d = cache.get(mint);
    if (d === undefined) {
      const acc = chain.getAccount(mint);
      d = acc && acc.data.length >= 45 ? acc.data[44] : 0;
      cache.set(mint, d);
    }
    return d;
  };
}

export function checkEncoding(config: AccountConfig | undefined, allowed = ['base64', 'base58', 'jsonParsed']): void {
  const enc = config?.encoding ?? 'base64';
  if (!allowed.includes(enc)) throw new RpcError(-32602, `Invalid params: unsupported encoding: ${enc}`);
  const s = config?.dataSlice;
  if (s && !(Number.isSafeInteger(s.offset) && Number.isSafeInteger(s.length) && s.offset >= 0 && s.length >= 0))
    throw new RpcError(-32602, 'Invalid params: invalid dataSlice');
}

export function encodeAccount(chain: Chain, pubkey: string, acc: ChainAccount | null, config: AccountConfig = {},
  decimals = mintDecimalsReader(chain)): Record<string, unknown> | null {
  if (!acc) return null;
  const enc = config.encoding ?? 'base64';
  let data: unknown;
  const parsed = enc === 'jsonParsed' ? parseTokenAccount(pubkey, acc, decimals) : null;
  if (parsed) data = parsed;
  else {
    let bytes = Buffer.from(acc.data);
    if (config.dataSlice) bytes = bytes.subarray(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length);
    data = enc === 'base58' ? [bs58.encode(bytes), 'base58'] : [bytes.toString('base64'), 'base64'];
  }
  return { data, executable: acc.executable, lamports: Number(acc.lamports), owner: acc.owner, rentEpoch: 0, space: acc.data.length };
}
