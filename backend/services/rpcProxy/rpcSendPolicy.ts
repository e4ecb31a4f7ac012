// What `/api/rpc` sends and airdrops (docs/RPC.md, "sendTransaction"; RELIABILITY, "Bounded answers"): only
// transactions the page could have built — every signature present and valid, every program one of the page's, a
// program's instruction beside any memo one, and what a wallet adds (Lighthouse and compute-budget instructions,
// bounded) — and, on the local chain, no account created larger
// than MAX_CREATED_ACCOUNT_BYTES (a 10 MiB account was the lever of the memory finding) and airdrops capped.
import { VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { LRUCache } from 'lru-cache';
import nacl from 'tweetnacl';
import {
  ACCOUNT_COMPRESSION_PROGRAM,
  ASSOCIATED_TOKEN_PROGRAM,
  BUBBLEGUM_PROGRAM,
  MPL_ACCOUNT_COMPRESSION_PROGRAM,
  MPL_CORE_PROGRAM,
  MPL_NOOP_PROGRAM,
  SPL_NOOP_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
} from '../../../src/common/addresses';
import { isAuthorizationMemo } from '../../../src/chain/authorizationMemo';
import { decodeTransaction } from '../../../src/chain/decode';
import { RECOVERY_SOURCES } from '../../../src/chain/recovery/registry';
import { payloadOrRefusal } from '../../../src/chain/walletAdditionsCheck';

const MEMO_PROGRAMS = ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EeVDDwLi6ZQJ'];
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
/** The loader's `Close` (a buffer's rent back); deploying or writing programs is nothing the page does. */
const LOADER_CLOSE_TAG = 5;

/**
 * Programs whose instructions make a transaction the page's: burns, closes, transfers, cNFT ways, and the recovery
 * sources' own programs (each source's guard rules, src/chain/recovery/registry.ts).
 */
const WORK_PROGRAMS: ReadonlySet<string> = new Set([
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
  ASSOCIATED_TOKEN_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  BUBBLEGUM_PROGRAM,
  MPL_CORE_PROGRAM,
  ...RECOVERY_SOURCES.flatMap((source) => Object.keys(source.staticRules)),
]);
/** Allowed only beside a work instruction: a memo-only or budget-only transaction is none the page builds, but one. */
const HELPER_PROGRAMS: ReadonlySet<string> = new Set([
  ...MEMO_PROGRAMS,
  SPL_NOOP_PROGRAM,
  MPL_NOOP_PROGRAM,
  ACCOUNT_COMPRESSION_PROGRAM,
  MPL_ACCOUNT_COMPRESSION_PROGRAM,
]);

/** Largest account a transaction sent through /api/rpc may create or allocate on the local chain. */
export const MAX_CREATED_ACCOUNT_BYTES = 64 * 1024;

/** Why a sendTransaction is refused, or null when it is one the page could have built. */
export function sendRefusal(params: unknown, local: boolean): string | null {
  const list = Array.isArray(params) ? params : [];
  const encoding = (list[1] as { encoding?: unknown } | undefined)?.encoding === 'base64' ? 'base64' : 'base58';
  let tx: VersionedTransaction;
  try {
    const bytes = encoding === 'base64' ? Buffer.from(String(list[0]), 'base64') : bs58.decode(String(list[0]));
    tx = VersionedTransaction.deserialize(bytes);
  } catch {
    return 'not a transaction';
  }
  const message = tx.message;
  const keys = message.staticAccountKeys;
  const signed = message.serialize();
  for (let i = 0; i < message.header.numRequiredSignatures; i++) {
    if (!tx.signatures[i] || !nacl.sign.detached.verify(signed, tx.signatures[i], keys[i].toBytes()))
      return 'every signer must have signed';
  }
  // What a wallet's own guard adds (Lighthouse, Compute Budget: src/chain/walletAdditionsCheck.ts) is set aside first.
  const payload = payloadOrRefusal(decodeTransaction(tx));
  if (typeof payload === 'string') return payload;
  let work = false;
  for (const ix of payload) {
    const program = ix.programId;
    if (program.startsWith('lookup#')) return 'a program from a lookup table';
    if (program === UPGRADEABLE_LOADER && ix.data[0] !== LOADER_CLOSE_TAG) return 'a program deployment';
    if (WORK_PROGRAMS.has(program)) work = true;
    else if (!HELPER_PROGRAMS.has(program)) return `a program this page never calls (${program})`;
    if (local && program === SYSTEM_PROGRAM) {
      const space = createdSpace(Buffer.from(ix.data));
      if (space !== null && space > MAX_CREATED_ACCOUNT_BYTES)
        return `an account larger than ${MAX_CREATED_ACCOUNT_BYTES} bytes`;
    }
  }
  if (work) return null;
  // The queue's authorisation (src/chain/authorizationMemo.ts): a memo of an authorisation hash, alone.
  const [only, ...rest] = payload;
  if (rest.length === 0 && only && MEMO_PROGRAMS.includes(only.programId) && isAuthorizationMemo(only.data))
    return null;
  return 'no instruction of a program this page uses';
}

/** The space a System instruction creates or allocates (createAccount, allocate and their seeded forms), else null. */
export function createdSpace(data: Buffer): number | null {
  if (data.length < 4) return null;
  const tag = data.readUInt32LE(0);
  const at = (offset: number) => (data.length >= offset + 8 ? Number(data.readBigUInt64LE(offset)) : null);
  const seedEnd = (offset: number) =>
    data.length >= offset + 8 ? offset + 8 + Number(data.readBigUInt64LE(offset)) : -1;
  if (tag === 0) return at(12); // CreateAccount { lamports, space, owner }
  if (tag === 8) return at(4); // Allocate { space }
  if (tag === 3) {
    const end = seedEnd(4 + 32); // CreateAccountWithSeed { base, seed, lamports, space, owner }
    return end < 0 ? null : at(end + 8);
  }
  if (tag === 9) {
    const end = seedEnd(4 + 32); // AllocateWithSeed { base, seed, space, owner }
    return end < 0 ? null : at(end);
  }
  return null;
}

/** Local chain airdrops: at most this much a call, and this much a client a UTC day (the operator is not counted). */
export const MAX_AIRDROP_LAMPORTS = 2_000_000_000;
export const MAX_AIRDROP_LAMPORTS_PER_DAY = 10_000_000_000;
export const MAX_AIRDROP_CLIENTS = 10_000;
const DAY_MS = 86_400_000;

export function createAirdropAllowance(now: () => number = Date.now) {
  // npm lru-cache. Recency is what a daily cap wants: the client whose last airdrop is oldest goes first (first sight
  // would drop today's heaviest user before yesterday's), and a client's entry lapses when its UTC day ends.
  const given = new LRUCache<string, { day: number; lamports: number }>({
    max: MAX_AIRDROP_CLIENTS,
    perf: { now },
    ttlResolution: 0,
  });
  /** Why this airdrop is refused, or null when it is within the caps (then it is counted). */
  return (client: string | null, params: unknown): string | null => {
    const lamports = Array.isArray(params) ? Number(params[1]) : NaN;
    if (client === null) return null;
    if (!Number.isSafeInteger(lamports) || lamports <= 0) return null; // the chain refuses it itself
    if (lamports > MAX_AIRDROP_LAMPORTS) return `at most ${MAX_AIRDROP_LAMPORTS} lamports an airdrop`;
    const t = now();
    const day = Math.floor(t / DAY_MS);
    const entry = given.peek(client); // a refusal leaves the order alone
    const sofar = entry && entry.day === day ? entry.lamports : 0;
    if (sofar + lamports > MAX_AIRDROP_LAMPORTS_PER_DAY)
      return `at most ${MAX_AIRDROP_LAMPORTS_PER_DAY} lamports of airdrops a day`;
    given.set(client, { day, lamports: sofar + lamports }, { ttl: (day + 1) * DAY_MS - t });
    return null;
  };
}
