// Per-program rules of the transaction guard: each returns null when the instruction is one the user's intent
// allows, or the reason it is refused.
import {
  BUBBLEGUM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
} from '../common/addresses';
import {
  BASIC_FALLBACK_TRANSFER_LAMPORTS,
  MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS,
  MAX_COMPUTE_UNITS_PER_TRANSACTION,
} from '../common/constants';
import { BUBBLEGUM_DISCRIMINATORS } from './cnft';
import { cnftAssetOf } from './cnftTarget';
import type { DecodedInstruction } from './decode';
import { KIND_CHECKS, withBubblegumV2 } from './guardKindRules';
import { RECOVERY_SOURCES } from './recovery/registry';
import type { GuardScope, NamedRule, TokenRule } from './recovery/source';
import { checkClose, checkHarvest } from './tokenCloseRules';
import { WITHDRAW_EXCESS_LAMPORTS_TAG } from './withdrawExcess';

export type GuardKind =
  /** The empty-account flow: an alias of its recovery sources, `vacant` and `surplus` (their `flow`). */
  | 'closeVacant'
  | 'burnTokens'
  | 'burnNfts'
  | 'trashCnft'
  | 'burnCnft'
  | 'delegateCnft'
  /** The recovery sources (src/chain/recovery): stake, buffers, nonces, lookup tables, approvals. */
  | 'recover'
  /** "Recover everything" (docs/PRODUCT.md#recover-everything): every registered source, whatever its flow. */
  | 'recoverAll';

export interface GuardIntent {
  /** The connected wallet: sole signer and fee payer, authority of every burn/close, receiver of every close. */
  owner: string;
  kind: GuardKind;
  /** Token accounts, mints and cNFT asset ids the user asked to act on. Burns need account AND mint listed. */
  allowedAccounts: Iterable<string>;
  feeWallet?: string;
  /** Service fee ceiling, summed over all transfers to the fee wallet (across all transactions in checkTransactions). */
  maxFeeLamports?: number | bigint;
  /** cNFT trash destination (trashCnft) — also the target of the 1000-lamport basic fallback. */
  trashWallet?: string;
  /** Server delegate (delegateCnft). */
  delegate?: string;
  /** delegateCnft: the queue's authorisation memo the page added, alone in its transaction (guardAuthorizationMemo.ts). */
  authorizationMemo?: string;
  maxComputeUnitPrice?: number;
  /** closeVacant: sources of WithdrawExcessLamports the page checked on chain (guardSurplus.ts). */
  surplusSources?: Iterable<string>;
  /** The server's fee relayer (GET /api/relayer): accepted as fee payer only as guardRelayer.ts allows. */
  relayer?: string;
}

/** Token instructions of the burn and cNFT flows; a recovery source's come from its `tokenRules` (SOURCE_TOKEN_RULES). */
const TOKEN_ACTIONS: Record<GuardKind, ReadonlySet<string>> = {
  closeVacant: new Set(),
  burnTokens: new Set(['burn', 'close', 'harvest']),
  burnNfts: new Set(['burn', 'close', 'burnV1']),
  trashCnft: new Set(['cnftTransfer']),
  burnCnft: new Set(['cnftBurn']),
  delegateCnft: new Set(['cnftDelegate']),
  recover: new Set(),
  recoverAll: new Set(),
};
const FEE_KINDS = new Set<GuardKind>(['closeVacant', 'burnTokens', 'burnNfts', 'recover', 'recoverAll']);

/** The guard kinds a source's rules apply under: its own flow's, and "Recover everything"'s. */
const kindsOfSource = (source: { flow: GuardKind }): GuardKind[] => [source.flow, 'recoverAll'];
const BUBBLEGUM = BUBBLEGUM_DISCRIMINATORS;

export interface Totals {
  fee: bigint;
  trashTransfer: bigint;
  /** Transactions holding the authorisation memo (at most one per request). */
  authorizationMemos: number;
}

const u64 = (data: Uint8Array, offset: number) => Buffer.from(data).readBigUInt64LE(offset);
const u32 = (data: Uint8Array, offset: number) => Buffer.from(data).readUInt32LE(offset);
const startsWith = (data: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => data[i] === b);

export type Check = (
  ix: DecodedInstruction,
  intent: GuardIntent,
  allowed: Set<string>,
  totals: Totals,
) => string | null;

function account(ix: DecodedInstruction, i: number): string | undefined {
  return ix.accounts[i]?.pubkey;
}

const checkComputeBudget: Check = (ix, intent) => {
  const tag = ix.data[0];
  if (tag === 2 && ix.data.length >= 5) {
    return u32(ix.data, 1) <= MAX_COMPUTE_UNITS_PER_TRANSACTION ? null : 'compute-unit limit above the maximum';
  }
  if (tag === 3 && ix.data.length >= 9) {
    const cap = BigInt(intent.maxComputeUnitPrice ?? MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS);
    return u64(ix.data, 1) <= cap ? null : 'compute-unit price above the cap';
  }
  if (tag === 4) return null; // loaded-accounts data size limit: harmless
  return `compute budget instruction ${tag} not allowed`;
};

/** Per guard kind, the token-instruction rules of the recovery sources whose flow it is (src/chain/recovery). */
const SOURCE_TOKEN_RULES = new Map<GuardKind, Record<number, TokenRule>>();
/** Per guard kind, the System instruction rules of the recovery sources whose flow it is; by tag, every source's. */
const SOURCE_SYSTEM_RULES = new Map<GuardKind, Record<number, NamedRule>>();
const SYSTEM_RULES_BY_TAG = new Map<number, NamedRule>();
/**
 * Two sources of one flow may both own a token instruction (the closable mint and wrapped SOL both close): the
 * instruction passes when either source's rule takes it, else the later one says why; the chain rules then read
 * which account it is.
 */
const eitherRule =
  (first: TokenRule, second: TokenRule): TokenRule =>
  (ix, scope) =>
    first(ix, scope) === null ? null : second(ix, scope);
for (const source of RECOVERY_SOURCES) {
  for (const kind of kindsOfSource(source)) {
    const rules = { ...SOURCE_TOKEN_RULES.get(kind) };
    for (const [tag, rule] of Object.entries(source.tokenRules ?? {}))
      rules[Number(tag)] = rules[Number(tag)] ? eitherRule(rules[Number(tag)], rule) : rule;
    SOURCE_TOKEN_RULES.set(kind, rules);
    SOURCE_SYSTEM_RULES.set(kind, { ...SOURCE_SYSTEM_RULES.get(kind), ...source.systemRules });
  }
  for (const [tag, rule] of Object.entries(source.systemRules ?? {})) SYSTEM_RULES_BY_TAG.set(Number(tag), rule);
}

const scopeSets = new WeakMap<object, Set<string>>();
function scopeOf(intent: GuardIntent, allowed: Set<string>): GuardScope {
  let surplusSources = scopeSets.get(intent);
  if (!surplusSources) {
    surplusSources = new Set(intent.surplusSources ?? []);
    scopeSets.set(intent, surplusSources);
  }
  return { owner: intent.owner, allowed, surplusSources };
}

const checkToken: Check = (ix, intent, allowed, totals) => {
  const tag = ix.data[0];
  const sourceRule = SOURCE_TOKEN_RULES.get(intent.kind)?.[tag];
  if (sourceRule) return sourceRule(ix, scopeOf(intent, allowed));
  const actions = TOKEN_ACTIONS[intent.kind];
  const owner = intent.owner;
  if (tag === 8 || tag === 15) {
    if (!actions.has('burn')) return 'burn not allowed for this action';
    const [acct, mint, authority] = [account(ix, 0), account(ix, 1), account(ix, 2)];
    if (authority !== owner) return 'burn authority is not the owner';
    if (!acct || !allowed.has(acct)) return `burn of an account not selected: ${acct}`;
    if (!mint || !allowed.has(mint)) return `burn of a mint not selected: ${mint}`;
    return null;
  }
  if (tag === 9) {
    if (!actions.has('close')) return 'close not allowed for this action';
    // The burns close as the empty-account source does: to the owner, by the owner, a ticked account.
    return checkClose(ix, scopeOf(intent, allowed));
  }
  if (tag === 26 && ix.data[1] === 4 && ix.programId === TOKEN_2022_PROGRAM) {
    if (!actions.has('harvest')) return 'harvest not allowed for this action';
    return checkHarvest(ix, scopeOf(intent, allowed));
  }
  if (tag === WITHDRAW_EXCESS_LAMPORTS_TAG) return 'surplus withdrawal not allowed for this action';
  const extra = TOKEN_INSTRUCTION_CHECKS[tag];
  if (extra) return extra(ix, intent, allowed, totals);
  return `token instruction ${tag} not allowed`;
};

/** Further token instructions other features allow (e.g. WithdrawExcessLamports, 38), keyed by instruction tag. */
export const TOKEN_INSTRUCTION_CHECKS: Record<number, Check> = {
  // Revoke (5): a recovery source's flow allows it through the source's `tokenRules` (the approval source).
  5: () => 'revoke not allowed for this action',
};

/**
 * The recovery sources' own programs (stake, loader, lookup tables, Pump): allowed for the source's flow only. Two
 * sources may own one program (Pump's creator vault and volume accumulator): an instruction passes when either's rule
 * takes it, else both reasons are given.
 */
const RECOVERY_CHECKS: Record<string, Check> = {};
for (const source of RECOVERY_SOURCES)
  for (const [programId, rule] of Object.entries(source.staticRules)) {
    const earlier = RECOVERY_CHECKS[programId];
    const own: Check = (ix, intent, allowed) =>
      kindsOfSource(source).includes(intent.kind)
        ? rule(ix, intent.owner, allowed)
        : `program ${programId} not allowed for this action`;
    RECOVERY_CHECKS[programId] = earlier
      ? (ix, intent, allowed, totals) =>
          [earlier, own].reduce<string | null>((why, rule) => {
            if (why === null) return null;
            const next = rule(ix, intent, allowed, totals);
            return next === null ? null : why ? `${why}; ${next}` : next;
          }, '')
      : own;
  }

const checkTokenMetadata: Check = (ix, intent, allowed) => {
  if (ix.data[0] !== 41 || ix.data[1] !== 0) return `token metadata instruction ${ix.data[0]} not allowed`;
  if (!TOKEN_ACTIONS[intent.kind].has('burnV1')) return 'NFT burn not allowed for this action';
  const [authority, mint, token] = [account(ix, 0), account(ix, 4), account(ix, 5)];
  if (authority !== intent.owner) return 'NFT burn authority is not the owner';
  if (!mint || !allowed.has(mint)) return `burn of an NFT not selected: ${mint}`;
  if (!token || !allowed.has(token)) return `burn of a token account not selected: ${token}`;
  return null;
};

const checkSystem: Check = (ix, intent, allowed, totals) => {
  const tag = ix.data.length >= 4 ? u32(ix.data, 0) : -1;
  const sourceRule = SOURCE_SYSTEM_RULES.get(intent.kind)?.[tag];
  if (sourceRule) return sourceRule.check(ix, intent.owner, allowed);
  const elsewhere = SYSTEM_RULES_BY_TAG.get(tag);
  if (elsewhere) return `${elsewhere.name} not allowed`;
  if (ix.data.length !== 12 || u32(ix.data, 0) !== 2) return 'system instruction other than a transfer';
  const [from, to] = [account(ix, 0), account(ix, 1)];
  if (from !== intent.owner) return 'transfer from someone other than the owner';
  if (intent.relayer && to === intent.relayer && FEE_KINDS.has(intent.kind)) return null; // amount: guardRelayer.ts, per transaction
  const lamports = u64(ix.data, 4);
  if (FEE_KINDS.has(intent.kind) && intent.feeWallet && to === intent.feeWallet) {
    totals.fee += lamports;
    return totals.fee <= BigInt(intent.maxFeeLamports ?? 0) ? null : 'service fee above 1 % of the rent';
  }
  if (intent.kind === 'trashCnft' && intent.trashWallet && to === intent.trashWallet) {
    totals.trashTransfer += lamports;
    return totals.trashTransfer <= BigInt(BASIC_FALLBACK_TRANSFER_LAMPORTS)
      ? null
      : 'trash transfer above 1000 lamports';
  }
  return `transfer to ${to}, which is not the configured wallet`;
};

const checkBubblegum: Check = (ix, intent, allowed) => {
  const data = ix.data;
  const asset = cnftAssetOf(ix);
  const selected = !!asset && allowed.has(asset);
  if (account(ix, 1) !== intent.owner) return 'the leaf owner is not the wallet';
  if (startsWith(data, BUBBLEGUM.transfer) && intent.kind === 'trashCnft') {
    if (!intent.trashWallet || account(ix, 3) !== intent.trashWallet)
      return 'cNFT transfer to a wallet other than the trash wallet';
    return selected ? null : 'transfer of a cNFT not selected';
  }
  if (startsWith(data, BUBBLEGUM.burn) && intent.kind === 'burnCnft') {
    return selected ? null : 'burn of a cNFT not selected';
  }
  if (startsWith(data, BUBBLEGUM.delegate) && intent.kind === 'delegateCnft') {
    if (!intent.delegate || account(ix, 3) !== intent.delegate)
      return 'delegation to an address other than the server delegate';
    return selected ? null : 'delegation of a cNFT not selected';
  }
  return 'Bubblegum instruction not allowed for this action';
};

export const CHECKS: Record<string, Check> = {
  [COMPUTE_BUDGET_PROGRAM]: checkComputeBudget,
  [TOKEN_PROGRAM]: checkToken,
  [TOKEN_2022_PROGRAM]: checkToken,
  [TOKEN_METADATA_PROGRAM]: checkTokenMetadata,
  [SYSTEM_PROGRAM]: checkSystem,
  [BUBBLEGUM_PROGRAM]: withBubblegumV2(checkBubblegum),
  // PRODUCT difference 12: Token Metadata burns of every kind, Metaplex Core burns (src/chain/guardKindRules.ts).
  ...KIND_CHECKS,
  ...RECOVERY_CHECKS,
};
