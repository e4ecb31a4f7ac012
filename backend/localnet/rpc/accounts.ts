// Account JSON as a Solana RPC answers it, in every encoding a client may ask for.
import { LRUCache } from 'lru-cache';
import bs58 from 'bs58';
import type { Chain } from '../chain';
import type { ChainAccount } from '../chainTypes';
import { BASE58_TOO_LARGE, MAX_BASE58_BYTES } from '../../services/rpcProxy/rpcAnswerBudget';
import { RpcError } from '../txErrors';
import { readMintUi, uiAmountString, type MintUi } from './mintUi';
import { parseTokenAccount, tokenAccountKind, uiAmount, type ParsedData } from './tokenParse';

export interface AccountConfig {
  encoding?: string;
  dataSlice?: { offset: number; length: number };
}

// Decimals per mint, shared across requests: jsonParsed listings of a thousand-token wallet read every mint at every
// call otherwise. A mint's decimals never change while it exists; any write to it (a transaction that may write it, a
// direct setAccount) arrives as an 'accounts' event and drops the entry, and a swapped LiteSVM (restore) drops all.
const decimalsByChain = new WeakMap<Chain, { svm: unknown; map: Map<string, number> }>();
function sharedDecimals(chain: Chain): Map<string, number> {
  let c = decimalsByChain.get(chain);
  if (!c) {
    const entry = { svm: chain.svm, map: new Map<string, number>() };
    chain.on('accounts', (keys: string[]) => {
      for (const k of keys) entry.map.delete(k);
    });
    decimalsByChain.set(chain, (c = entry));
  }
  if (c.svm !== chain.svm) {
    c.svm = chain.svm;
    c.map.clear();
  }
  if (c.map.size > 100_000) c.map.clear();
  return c.map;
}

export function mintDecimalsReader(chain: Chain): (mint: string) => number {
  const cache = sharedDecimals(chain);
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

// Display-amount extensions per mint, dropped like the decimals when the mint may have changed.
const uiByChain = new WeakMap<Chain, { svm: unknown; map: Map<string, MintUi | null> }>();
function mintUiOf(chain: Chain, mint: string): MintUi | null {
  let c = uiByChain.get(chain);
  if (!c) {
    const entry = { svm: chain.svm, map: new Map<string, MintUi | null>() };
    chain.on('accounts', (keys: string[]) => {
      for (const k of keys) entry.map.delete(k);
    });
    uiByChain.set(chain, (c = entry));
  }
  if (c.svm !== chain.svm) {
    c.svm = chain.svm;
    c.map.clear();
  }
  if (!c.map.has(mint)) {
    if (c.map.size > 100_000) c.map.clear();
    c.map.set(mint, readMintUi(mint, chain.getAccount(mint)));
  }
  return c.map.get(mint)!;
}

/** A token amount as agave parses it: uiAmount/uiAmountString with the mint's scaled-UI or interest extension. */
export function tokenAmountFor(
  chain: Chain,
  mint: string,
  amount: bigint,
  decimals: number,
): ReturnType<typeof uiAmount> {
  const base = uiAmount(amount, decimals);
  const ui = mintUiOf(chain, mint);
  if (!ui) return base;
  const text = uiAmountString(amount, decimals, ui, Number(chain.svm.getClock().unixTimestamp));
  return { ...base, uiAmount: Number(text), uiAmountString: text };
}

function applyMintUi(chain: Chain, info: Record<string, unknown>): void {
  const mint = info.mint as string;
  const amount = info.tokenAmount as { amount: string; decimals: number } | undefined;
  if (!amount || !mintUiOf(chain, mint)) return;
  info.tokenAmount = tokenAmountFor(chain, mint, BigInt(amount.amount), amount.decimals);
  const delegated = info.delegatedAmount as { amount: string; decimals: number } | undefined;
  if (delegated) info.delegatedAmount = tokenAmountFor(chain, mint, BigInt(delegated.amount), delegated.decimals);
}

export function checkEncoding(config: AccountConfig | undefined, allowed = ['base64', 'base58', 'jsonParsed']): void {
  const enc = config?.encoding ?? 'base64';
  if (!allowed.includes(enc)) throw new RpcError(-32602, `Invalid params: unsupported encoding: ${enc}`);
  const s = config?.dataSlice;
  if (s && !(Number.isSafeInteger(s.offset) && Number.isSafeInteger(s.length) && s.offset >= 0 && s.length >= 0))
    throw new RpcError(-32602, 'Invalid params: invalid dataSlice');
}

export function encodeAccount(
  chain: Chain,
  pubkey: string,
  acc: ChainAccount | null,
  config: AccountConfig = {},
  decimals = mintDecimalsReader(chain),
): Record<string, unknown> | null {
  if (!acc) return null;
  const enc = config.encoding ?? 'base64';
  let data: unknown;
  const parsed = enc === 'jsonParsed' ? parseTokenAccountCached(pubkey, acc, decimals) : null;
  if (parsed?.parsed.type === 'account') applyMintUi(chain, parsed.parsed.info);
  if (parsed) data = parsed;
  else {
    let bytes = Buffer.from(acc.data);
    if (config.dataSlice)
      bytes = bytes.subarray(config.dataSlice.offset, config.dataSlice.offset + config.dataSlice.length);
    // As the cluster does (agave rpc/src/rpc.rs, encode_account): base58 costs the square of the length.
    if (enc === 'base58' && bytes.length > MAX_BASE58_BYTES) throw new RpcError(-32600, BASE58_TOO_LARGE);
    data = enc === 'base58' ? [bs58.encode(bytes), 'base58'] : [bytes.toString('base64'), 'base64'];
  }
  return {
    data,
    executable: acc.executable,
    lamports: Number(acc.lamports),
    owner: acc.owner,
    rentEpoch: 0,
    space: acc.data.length,
  };
}

// jsonParsed answers remembered by the account's exact bytes: decoding a token account (spl-token layouts, PublicKey
// objects, base58) costs ~10 µs and wallets list the same thousands of accounts at every refresh. A changed account is
// a new key; the mint's decimals, the one input outside the bytes, are checked on reuse. Callers get their own copy.
// At most 50,000 answers, the least recently used dropped first (npm lru-cache).
const parsedCache = new LRUCache<string, { parsed: ParsedData | null; mint?: string; decimals?: number }>({
  max: 50_000,
});

function parseTokenAccountCached(
  pubkey: string,
  acc: ChainAccount,
  decimals: (mint: string) => number,
): ParsedData | null {
  if (!tokenAccountKind(acc) || acc.data.length > 1024) return parseTokenAccount(pubkey, acc, decimals);
  const key = `${pubkey}${acc.owner}${Buffer.from(acc.data.buffer, acc.data.byteOffset, acc.data.length).toString('latin1')}`;
  const hit = parsedCache.get(key);
  if (hit && (hit.mint === undefined || decimals(hit.mint) === hit.decimals)) return copy(hit.parsed);
  const entry: { parsed: ParsedData | null; mint?: string; decimals?: number } = { parsed: null };
  entry.parsed = parseTokenAccount(pubkey, acc, (mint) => {
    entry.mint = mint;
    return (entry.decimals = decimals(mint));
  });
  parsedCache.set(key, entry);
  return copy(entry.parsed);
}

function copy<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copy) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k in v) out[k] = copy((v as Record<string, unknown>)[k]);
    return out as T;
  }
  return v;
}
