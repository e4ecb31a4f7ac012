// The token account holding a print's master edition (PRODUCT difference 12: a print's burn names it), asked of three
// sources in turn — DAS getTokenAccounts, getProgramAccounts, getTokenLargestAccounts — because providers refuse
// different ones (docs/UPSTREAM.md, "Print editions"). Whatever names the holder, the account is read back from the
// chain and trusted only when it is a token account of that mint holding 1: an answer's own figures never count.
import { AccountLayout } from '@solana/spl-token';
import { type Connection, PublicKey } from '@solana/web3.js';

/** A mint's token accounts as an indexer names them (addresses only: each is read back from the chain). */
export type TokenAccountsOfMint = (mint: string) => Promise<string[]>;

/** One JSON-RPC call to a DAS provider: its `result`, or a throw for an error answer. */
export type DasCall = (method: string, params: Record<string, unknown>) => Promise<unknown>;

type Conn = Pick<Connection, 'getProgramAccounts' | 'getTokenLargestAccounts' | 'getAccountInfo'>;
export type Holder = { key: string; a: ReturnType<typeof AccountLayout.decode> };
/** Every source refused or failed: the holder was not looked for, which is not the same as "none". */
export const HOLDER_REFUSED = 'refused';

// A master edition's mint has a supply of 1: one account with a balance, so a small page is plenty.
const DAS_LIMIT = 20;

/**
 * DAS getTokenAccounts by mint. Params `{mint, page, limit}` and the answer `{total, limit, page, token_accounts:
 * [{address, mint, owner, amount, …}]}`: Helius DAS reference (getTokenAccounts), Metaplex reference indexer das_api
 * `GetTokenAccounts {owner, mint, limit, page, …}`; recorded answer in __tests__/fixtures/upstream/das/.
 */
export function dasTokenAccountsOfMint(call: DasCall): TokenAccountsOfMint {
  return async (mint) => {
    const result = (await call('getTokenAccounts', { mint, page: 1, limit: DAS_LIMIT })) as {
      token_accounts?: { address?: unknown }[];
    } | null;
    if (!Array.isArray(result?.token_accounts)) throw new Error('getTokenAccounts: no token_accounts in the answer');
    return result.token_accounts.map((t) => t.address).filter((a): a is string => typeof a === 'string');
  };
}

/** A DasCall over HTTP to a JSON-RPC endpoint that answers DAS (the page's /api/rpc relays it, docs/RPC.md). */
function dasOverHttp(endpoint: string, fetchFn: typeof fetch = (...args) => fetch(...args)): DasCall {
  return async (method, params) => {
    const res = await fetchFn(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: method, method, params }),
    });
    if (!res.ok) throw new Error(`${method} answered HTTP ${res.status}`);
    const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`);
    return body.result;
  };
}

/** The page's lookup: DAS getTokenAccounts through its own JSON-RPC endpoint (our /api/rpc answers DAS too). */
export const masterHoldersAt = (endpoint: string): TokenAccountsOfMint => dasTokenAccountsOfMint(dasOverHttp(endpoint));

/** The account read from the chain, when it is a token account of `mint` (under `program`) holding exactly 1. */
async function readBack(connection: Conn, program: PublicKey, mint: string, key: string): Promise<Holder | null> {
  let address: PublicKey;
  try {
    address = new PublicKey(key);
  } catch {
    return null; // not even an address: an answer to ignore
  }
  const info = await connection.getAccountInfo(address, 'confirmed');
  if (!info?.owner.equals(program) || info.data.length < AccountLayout.span) return null;
  const a = AccountLayout.decode(info.data.subarray(0, AccountLayout.span));
  return a.mint.toBase58() === mint && a.amount === 1n ? { key: address.toBase58(), a } : null;
}

async function firstHeld(connection: Conn, program: PublicKey, mint: string, keys: string[]) {
  for (const key of keys) {
    const held = await readBack(connection, program, mint, key);
    if (held) return held;
  }
  return null;
}

/**
 * Each source's candidates, in order; a source that throws was refused (or failed) on this provider. Only the chain's
 * own indexes (`chain: true`) can say "no holder": DAS is an outside index, so its empty or wrong answer says nothing.
 */
function sources(connection: Conn, program: PublicKey, mint: string, das?: TokenAccountsOfMint) {
  const byScan = async () => {
    const found = await connection.getProgramAccounts(program, {
      commitment: 'confirmed',
      filters: [{ dataSize: AccountLayout.span }, { memcmp: { offset: 0, bytes: mint } }],
    });
    return found.filter((f) => AccountLayout.decode(f.account.data).amount === 1n).map((f) => f.pubkey.toBase58());
  };
  const byLargest = async () => {
    const largest = await connection.getTokenLargestAccounts(new PublicKey(mint), 'confirmed');
    return largest.value.filter((v) => v.amount === '1').map((v) => v.address.toBase58());
  };
  return [
    ...(das ? [{ ask: () => das(mint), chain: false }] : []),
    { ask: byScan, chain: true },
    { ask: byLargest, chain: true },
  ];
}

/**
 * The master edition's holder: the first source's first candidate the chain confirms. `HOLDER_REFUSED` when neither
 * of the chain's indexes answered (and DAS named no holder the chain confirms); null when they answered and none of
 * their candidates holds the master.
 */
export async function masterHolder(
  connection: Conn,
  program: PublicKey,
  masterMint: string,
  das?: TokenAccountsOfMint,
): Promise<Holder | null | typeof HOLDER_REFUSED> {
  let answered = false;
  for (const source of sources(connection, program, masterMint, das)) {
    let keys: string[];
    try {
      keys = await source.ask();
    } catch {
      continue; // refused here: the next source
    }
    answered ||= source.chain;
    const held = await firstHeld(connection, program, masterMint, keys);
    if (held) return held;
  }
  return answered ? null : HOLDER_REFUSED;
}
