// An answer's size is estimated before it is built (RELIABILITY, "Bounded answers"): a batch naming one 10 MiB
// account 2,000 times once made the local chain build 27 GB of base64 before the 8 MiB cap looked at it. Account
// reads are the only allowed methods whose answer grows with what the caller names, so their keys are counted and
// their sizes pre-read with a zero-length `dataSlice` (every account answer carries `space`, its data length).

/** Keys one getMultipleAccounts may name (the cluster's own limit) and all account reads of one batch together. */
export const MAX_KEYS_PER_REQUEST = 100;
export const MAX_KEYS_PER_BATCH = 200;
/** Per account beside its data: pubkey-free JSON of lamports, owner, flags, space (~150 bytes), with room. */
const ACCOUNT_OVERHEAD_BYTES = 256;
/** jsonParsed of a token account is a few hundred bytes more than its base64; anything else falls back to base64. */
const PARSED_EXTRA_BYTES = 1024;

type Req = { id?: unknown; method?: unknown; params?: unknown };
type Config = { encoding?: unknown; dataSlice?: { offset?: unknown; length?: unknown } };

/** The addresses an account read names, or null for any other method. */
export function accountKeysOf(req: Req): unknown[] | null {
  const params = Array.isArray(req.params) ? req.params : [];
  if (req.method === 'getAccountInfo') return [params[0]];
  if (req.method === 'getMultipleAccounts') return Array.isArray(params[0]) ? params[0] : [];
  return null;
}

/** Bytes one account adds to an answer: its data (sliced as asked) in the asked encoding, plus the fixed fields. */
export function accountAnswerBytes(space: number, config: Config | undefined): number {
  const slice = config?.dataSlice;
  const offset = typeof slice?.offset === 'number' ? slice.offset : 0;
  const length = typeof slice?.length === 'number' ? slice.length : space;
  const bytes = slice ? Math.max(0, Math.min(length, space - offset)) : space;
  const base64 = Math.ceil(bytes / 3) * 4;
  const encoding = config?.encoding;
  const data =
    encoding === 'base58' ? Math.ceil(bytes * 1.37) : encoding === 'jsonParsed' ? base64 + PARSED_EXTRA_BYTES : base64;
  return data + ACCOUNT_OVERHEAD_BYTES;
}

export type BudgetVerdict = 'ok' | 'tooManyKeys' | 'tooLarge';

/**
 * One verdict per request, in order: account reads past the per-request or per-batch key count, or whose estimated
 * answers would take the batch past `maxBytes`, are refused before anything is built. `spaceOf` answers the data
 * length of every named key (pre-read); a key it does not know (a provider without `space`) counts as empty and the
 * streamed size cap of the provider's answer (rpc.ts) is what bounds it.
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
    const config = (Array.isArray(r.params) ? r.params[1] : undefined) as Config; // both take it second
    for (const k of keys) total += accountAnswerBytes(typeof k === 'string' ? (spaces.get(k) ?? 0) : 0, config);
    if (total > maxBytes) verdicts[i] = 'tooLarge';
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
