// An answer's size is estimated before it is built (RELIABILITY, "Bounded answers"): a batch naming one 10 MiB
// account 2,000 times once made the local chain build 27 GB of base64 before the 8 MiB cap looked at it. Account
// reads are the only allowed methods whose answer grows with what the caller names, so their keys are counted and
// their sizes pre-read with a zero-length `dataSlice` (every account answer carries `space`, its data length).
// simulateTransaction's `accounts.addresses` are account reads too: 500 of them once took the local chain from
// 392 MB to 1,128 MB, so they are counted and sized like getMultipleAccounts' keys.

/** Keys one getMultipleAccounts may name (the cluster's own limit) and all account reads of one batch together. */
export const MAX_KEYS_PER_REQUEST = 100;
export const MAX_KEYS_PER_BATCH = 200;
/** Per account beside its data: pubkey-free JSON of lamports, owner, flags, space (~150 bytes), with room. */
const ACCOUNT_OVERHEAD_BYTES = 256;
/** jsonParsed of a token account is a few hundred bytes more than its base64; anything else falls back to base64. */
const PARSED_EXTRA_BYTES = 1024;

/**
 * Most account data Solana's RPC encodes as base58 (account-decoder's MAX_BASE58_BYTES): base58 costs time growing
 * with the square of the length, and one 105 KB account read as base58 once held the server 87 s. Beyond it the
 * read is refused with the cluster's own words (agave rpc/src/rpc.rs, `encode_account`), before anything is read.
 */
export const MAX_BASE58_BYTES = 128;
export const BASE58_TOO_LARGE = `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`;
/** Methods answering account data of accounts the caller does not name (their lengths are not known in advance). */
const LISTINGS = new Set(['getProgramAccounts', 'getTokenAccountsByOwner']);

type Req = { id?: unknown; method?: unknown; params?: unknown };
type Config = { encoding?: unknown; dataSlice?: { offset?: unknown; length?: unknown } };

/** The addresses an account read names, or null for any other method. */
export function accountKeysOf(req: Req): unknown[] | null {
  const params = Array.isArray(req.params) ? req.params : [];
  if (req.method === 'getAccountInfo') return [params[0]];
  if (req.method === 'getMultipleAccounts') return Array.isArray(params[0]) ? params[0] : [];
  if (req.method === 'simulateTransaction') {
    const accounts = configOf(req)?.accounts;
    if (accounts === undefined || accounts === null) return null;
    const addresses = (accounts as { addresses?: unknown }).addresses;
    return Array.isArray(addresses) ? addresses : [];
  }
  return null;
}

/** The encoding config account data follows: the last parameter (the third of getTokenAccountsByOwner, else the
 * second), or simulateTransaction's `accounts`. */
function configOf(req: Req): (Config & { accounts?: unknown }) | undefined {
  const at = req.method === 'getTokenAccountsByOwner' ? 2 : 1;
  const config = Array.isArray(req.params) ? req.params[at] : undefined;
  if (!config || typeof config !== 'object') return undefined;
  if (req.method !== 'simulateTransaction') return config as Config;
  const accounts = (config as { accounts?: unknown }).accounts;
  return { accounts, ...(accounts && typeof accounts === 'object' ? accounts : {}) };
}

const isBase58 = (config: Config | undefined) => config?.encoding === 'base58' || config?.encoding === 'binary';

/** Data bytes of one account an answer carries (its data, sliced as asked). */
function slicedBytes(space: number, config: Config | undefined): number {
  const slice = config?.dataSlice;
  if (!slice) return space;
  const offset = typeof slice.offset === 'number' ? slice.offset : 0;
  const length = typeof slice.length === 'number' ? slice.length : space;
  return Math.max(0, Math.min(length, space - offset));
}

/** Bytes one account adds to an answer: its data (sliced as asked) in the asked encoding, plus the fixed fields. */
export function accountAnswerBytes(space: number, config: Config | undefined): number {
  const bytes = slicedBytes(space, config);
  const base64 = Math.ceil(bytes / 3) * 4;
  const encoding = config?.encoding;
  const data =
    encoding === 'base58' ? Math.ceil(bytes * 1.37) : encoding === 'jsonParsed' ? base64 + PARSED_EXTRA_BYTES : base64;
  return data + ACCOUNT_OVERHEAD_BYTES;
}

export type BudgetVerdict = 'ok' | 'tooManyKeys' | 'tooLarge' | 'base58TooLarge';

/**
 * One verdict per request, in order: account reads past the per-request or per-batch key count, base58 of more
 * than MAX_BASE58_BYTES of an account's data (a listing's accounts are not known in advance, so a base58 listing
 * must slice its data that small), or whose estimated answers would take the batch past `maxBytes`, are refused
 * before anything is built. `spaceOf` answers the data
 * length of every named key (pre-read); a key it does not know (a provider without `space`) counts as empty and the
 * streamed size cap of the provider's answer (rpc/rpc.ts) is what bounds it.
 */
export async function budgetAnswers(
  requests: Req[],
  spaceOf: (keys: string[]) => Promise<Map<string, number>>,
  maxBytes: number,
): Promise<BudgetVerdict[]> {
  const verdicts: BudgetVerdict[] = requests.map(() => 'ok');
  let keyCount = 0;
  const named: string[] = [];
  requests.forEach((r, i) => {
    if (
      LISTINGS.has(String(r.method)) &&
      isBase58(configOf(r)) &&
      slicedBytes(Infinity, configOf(r)) > MAX_BASE58_BYTES
    )
      verdicts[i] = 'base58TooLarge';
    const keys = accountKeysOf(r);
    if (!keys) return;
    keyCount += keys.length;
    if (keys.length > MAX_KEYS_PER_REQUEST || keyCount > MAX_KEYS_PER_BATCH) verdicts[i] = 'tooManyKeys';
    else for (const k of keys) if (typeof k === 'string') named.push(k);
  });
  if (named.length === 0) return verdicts;
  const spaces = await spaceOf([...new Set(named)]);
  let total = 0;
  requests.forEach((r, i) => {
    const keys = accountKeysOf(r);
    if (!keys || verdicts[i] !== 'ok') return;
    const config = configOf(r);
    const sizes = keys.map((k) => (typeof k === 'string' ? (spaces.get(k) ?? 0) : 0));
    if (isBase58(config) && sizes.some((space) => slicedBytes(space, config) > MAX_BASE58_BYTES))
      verdicts[i] = 'base58TooLarge';
    else {
      for (const space of sizes) total += accountAnswerBytes(space, config);
      if (total > maxBytes) verdicts[i] = 'tooLarge';
    }
  });
  return verdicts;
}

/** Data lengths of `keys`, read through `send` with a zero-length slice (~100 bytes an account), 100 at a time. */
export async function preReadSpaces(
  keys: string[],
  send: (body: unknown) => Promise<unknown>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += MAX_KEYS_PER_REQUEST) chunks.push(keys.slice(i, i + MAX_KEYS_PER_REQUEST));
  const answers = (await send(
    chunks.map((c, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'getMultipleAccounts',
      params: [c, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } }],
    })),
  )) as { id?: number; result?: { value?: ({ space?: number } | null)[] } }[];
  for (const a of Array.isArray(answers) ? answers : []) {
    const chunk = typeof a?.id === 'number' ? chunks[a.id] : undefined;
    a?.result?.value?.forEach((acc, j) => {
      if (chunk && typeof acc?.space === 'number') out.set(chunk[j], acc.space);
    });
  }
  return out;
}
