import { memcmpKey, pageProgramQuery } from './rpcProgramQueries';

// What /api/rpc relays (RELIABILITY, trust): the methods the page and standard wallets need, nothing else. Scans
// (getProgramAccounts, getLargestAccounts, block and ledger reads) and airdrops are refused with a JSON-RPC error, so
// anonymous clients cannot stall the local chain or spend the operator's paid upstream. docs/RPC.md lists the set.

/** Solana methods: reads of named accounts, blockhash and fees, sending and simulating, statuses, history. */
export const RPC_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenLargestAccounts', // a print's master holder where getProgramAccounts is refused (src/chain/nftBurnKinds.ts)
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
]);

/** DAS methods the page uses: one asset, its proof, one owner's assets, one mint's token accounts. */
export const DAS_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'getAsset',
  'getAssetProof',
  'getAssetsByOwner',
  'getAssetBatch',
  'getAssetProofBatch',
  'getTokenAccounts', // a print's master holder (src/chain/masterHolder.ts); only as isOneMintsHolders allows
]);

/** Most token accounts one relayed getTokenAccounts may ask for (the page asks 20: a master mint has one holder). */
export const MAX_TOKEN_ACCOUNTS_LIMIT = 100;

/** Only on the embedded local chain (free, and how tests fund their keys); never relayed upstream. */
export const LOCAL_ONLY_METHODS: ReadonlySet<string> = new Set(['requestAirdrop']);

/** Most requests in one JSON-RPC batch: a 100-item batch is refused whole. */
export const MAX_RPC_BATCH = 20;
/** Largest answer relayed (bytes of JSON): a wallet of a few thousand token accounts fits; a scan would not. */
export const MAX_RPC_ANSWER_BYTES = 8 * 1024 * 1024;

/** Most live subscriptions one websocket may hold: 100,000 slotSubscribe once slowed the whole server. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;

export const METHOD_NOT_ALLOWED = -32601;
export const ANSWER_TOO_LARGE = -32009;
/** JSON-RPC's invalid request, which Solana's RPC answers to base58 of too much data. */
export const INVALID_REQUEST = -32600;

export function isAllowedMethod(method: string, local: boolean, params?: unknown): boolean {
  if (method === 'getProgramAccounts') return pageProgramQuery(params) !== null; // and its key is read: rpcProgramQueries.ts
  if (method === 'getTokenAccounts') return isOneMintsHolders(params);
  return (
    RPC_ALLOWED_METHODS.has(method) || DAS_ALLOWED_METHODS.has(method) || (local && LOCAL_ONLY_METHODS.has(method))
  );
}

/**
 * getTokenAccounts of one mint, a page of at most MAX_TOKEN_ACCOUNTS_LIMIT: a popular mint's holders run to
 * millions, so a request without a mint or a limit would be a scan of the operator's DAS plan.
 */
function isOneMintsHolders(params: unknown): boolean {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return false;
  const p = params as { mint?: unknown; limit?: unknown };
  const limit = p.limit;
  const limited = Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= MAX_TOKEN_ACCOUNTS_LIMIT;
  return limited && memcmpKey({ bytes: p.mint }) !== null;
}

export function notAllowedAnswer(id: unknown, method: string) {
  return {
    jsonrpc: '2.0',
    id: id ?? null,
    error: { code: METHOD_NOT_ALLOWED, message: `Method not allowed on this server: ${method.slice(0, 64)}` },
  };
}

/** A JSON-RPC error answer to one request. */
export function refusedAnswer(id: unknown, code: number, message: string) {
  return { jsonrpc: '2.0', id: id ?? null, error: { code, message } };
}

/** The JSON-RPC error that replaces an answer over `limit` bytes, or null when it fits. */
export function oversizeAnswer(answer: unknown, id: unknown, limit = MAX_RPC_ANSWER_BYTES) {
  if (Buffer.byteLength(JSON.stringify(answer) ?? '') <= limit) return null;
  return {
    jsonrpc: '2.0',
    id: id ?? null,
    error: { code: ANSWER_TOO_LARGE, message: 'Answer too large for this server' },
  };
}
