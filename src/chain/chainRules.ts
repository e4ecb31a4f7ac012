// The guard's chain rules: for each instruction it understands, which accounts the page must read from the chain,
// what must hold of them (owner, mint, zero balance) and how many lamports the instruction returns to the owner.
// Every figure comes from the page's own reading, never from the server answer under check. A new kind of
// instruction gets its rule in RULES below.
import bs58 from 'bs58';
import { MPL_CORE_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../common/addresses';
import type { AccountSnapshot } from './chainReader';
import type { DecodedInstruction } from './decode';
import type { GuardKind } from './guardRules';
import { ownTokenAccount } from './ownTokenAccount';
import { RECOVERY_SOURCES } from './recovery/registry';

export interface ChainFacts {
  owner: string;
  kind: GuardKind;
  account(address: string): AccountSnapshot | null;
  /**
   * Lamports an NFT's full burn returns, by mint (or Core asset), as the page's own planner read them from the chain
   * (src/chain/nftBurnPlan.ts knows each kind's rules: token record, edition marker, a metadata account's rent minimum).
   */
  expectedReturns?: ReadonlyMap<string, bigint>;
  /** The chain's rent-exempt minimum for the account's on-chain size (accounts a rule names in `rentFor`), or null. */
  rentMinimum?(address: string): bigint | null;
}

/** What earlier instructions did: a burn in the same transaction lets a later close find a zero balance. */
export interface TransactionState {
  burned: Set<string>;
  /** Closed or withdrawn by any earlier instruction of the request (PRODUCT difference 10: none counts twice). */
  closed: Set<string>;
}

export interface RuleReturn {
  returns: bigint;
  feeBase: bigint;
  /** Of the returns, rewards a program pays out (Pump creator fees, cashback): charged like rent, named apart. */
  rewards?: bigint;
}

export interface ChainRule {
  name: string;
  matches(ix: DecodedInstruction): boolean;
  /**
   * Accounts the page must read before `check` runs: those the instruction acts on (closes, withdraws from, burns,
   * revokes). A request acts on each of them once (guardRequest.ts).
   */
  reads(ix: DecodedInstruction): string[];
  /**
   * Accounts `check` reads without acting on them alone (an OpenBook v2 indexer an open-orders close shrinks): read from
   * the chain like `reads`, but not counted as acted on.
   */
  alsoReads?(ix: DecodedInstruction): string[];
  /** Accounts whose rent-exempt minimum `check` needs (read from the chain for each one's size). */
  rentFor?(ix: DecodedInstruction): string[];
  /**
   * Lamports returned to the owner, or a string: the reason to refuse. A recovery source whose return holds principal
   * (stake) answers `{ returns, feeBase }`: the 1 % fee ceiling is measured on `feeBase` only.
   */
  check(ix: DecodedInstruction, facts: ChainFacts, state: TransactionState): bigint | string | RuleReturn;
}

const isToken = (programId: string) => programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM;
const at = (ix: DecodedInstruction, i: number) => ix.accounts[i]?.pubkey ?? '';

const tokenBurn: ChainRule = {
  name: 'token burn',
  matches: (ix) => isToken(ix.programId) && (ix.data[0] === 8 || ix.data[0] === 15),
  reads: (ix) => [at(ix, 0)],
  check(ix, facts, state) {
    const own = ownTokenAccount(facts, at(ix, 0), [ix.programId]);
    if (typeof own === 'string') return own;
    if (own.head.mint !== at(ix, 1)) return `burn names mint ${at(ix, 1)}, the account holds ${own.head.mint}`;
    state.burned.add(at(ix, 0));
    return 0n;
  },
};

const tokenClose: ChainRule = {
  name: 'token account close',
  matches: (ix) => isToken(ix.programId) && ix.data[0] === 9,
  reads: (ix) => [at(ix, 0)],
  check(ix, facts, state) {
    const address = at(ix, 0);
    const own = ownTokenAccount(facts, address, [ix.programId]);
    if (typeof own === 'string') return own;
    if (state.closed.has(address)) return `account ${address} closed twice`;
    // A token burn may close wrapped SOL with its balance (unwrapped to the owner); any other balance must be 0 or
    // burned first. The empty-account flow's close is the vacant source's rule (empty only, wrapped SOL included).
    if (own.head.amount !== 0n && !own.head.isNative && !state.burned.has(address))
      return `account ${address} still holds tokens`;
    state.closed.add(address);
    return own.snapshot.lamports;
  },
};

const nftBurnV1: ChainRule = {
  name: 'NFT burn (Token Metadata burnV1)',
  matches: (ix) => ix.programId === TOKEN_METADATA_PROGRAM && ix.data[0] === 41 && ix.data[1] === 0,
  // authority 0, collection metadata 1, metadata 2, edition 3, mint 4, token 5
  reads: (ix) => [at(ix, 2), at(ix, 3), at(ix, 5)],
  check(ix, facts, state) {
    const own = ownTokenAccount(facts, at(ix, 5), [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);
    if (typeof own === 'string') return own;
    if (own.head.mint !== at(ix, 4)) return `NFT burn names mint ${at(ix, 4)}, the account holds ${own.head.mint}`;
    if (own.head.amount === 0n) return `account ${at(ix, 5)} holds no NFT`;
    const metadata = facts.account(at(ix, 2));
    if (!metadata || metadata.owner !== TOKEN_METADATA_PROGRAM) return 'NFT metadata missing on chain';
    const edition = facts.account(at(ix, 3));
    const editionLamports = edition?.owner === TOKEN_METADATA_PROGRAM ? edition.lamports : 0n;
    state.burned.add(at(ix, 5));
    state.closed.add(at(ix, 5));
    return facts.expectedReturns?.get(at(ix, 4)) ?? own.snapshot.lamports + metadata.lamports + editionLamports;
  },
};

const coreBurnV1: ChainRule = {
  name: 'Metaplex Core burn',
  matches: (ix) => ix.programId === MPL_CORE_PROGRAM && ix.data[0] === 12,
  reads: (ix) => [at(ix, 0)],
  check(ix, facts) {
    const asset = facts.account(at(ix, 0));
    if (!asset || asset.owner !== MPL_CORE_PROGRAM) return `Core asset ${at(ix, 0)} does not exist on chain`;
    // AssetV1: key (1 byte), then the owner.
    if (asset.data.length < 33 || bs58.encode(asset.data.subarray(1, 33)) !== facts.owner)
      return `Core asset ${at(ix, 0)} is not the owner's`;
    return facts.expectedReturns?.get(at(ix, 0)) ?? 0n;
  },
};

const RULES: readonly ChainRule[] = [tokenBurn, tokenClose, nftBurnV1, coreBurnV1];

/**
 * The recovery sources' rules (src/chain/recovery): those of the guard kind's own sources first — the empty-account
 * flow (`closeVacant`) closes by the vacant source's rule, not the burns' — then the burns', then every other source's
 * (the static rules refuse a source's instruction outside its flow).
 */
const SOURCE_RULES = (kind: GuardKind, own: boolean): ChainRule[] =>
  RECOVERY_SOURCES.filter((s) => (s.flow === kind) === own).flatMap((s) => s.chainRules);
const RULES_BY_KIND = new Map<GuardKind, readonly ChainRule[]>();

/**
 * Several rules for one instruction (one "Recover everything" request closes empty accounts, wrapped SOL and
 * Token-2022 mints alike): the first whose check holds decides, else the first's reason. A failed check changes no
 * state.
 */
function firstThatHolds(rules: ChainRule[]): ChainRule {
  if (rules.length === 1) return rules[0];
  const unique = (ix: DecodedInstruction, f: (r: ChainRule) => string[]) => [...new Set(rules.flatMap(f))];
  return {
    name: rules.map((r) => r.name).join(' or '),
    matches: (ix) => rules.some((r) => r.matches(ix)),
    reads: (ix) => unique(ix, (r) => r.reads(ix)),
    rentFor: (ix) => unique(ix, (r) => r.rentFor?.(ix) ?? []),
    check(ix, facts, state) {
      let reason: string | undefined;
      for (const rule of rules) {
        const result = rule.check(ix, facts, state);
        if (typeof result !== 'string') return result;
        reason ??= result;
      }
      return reason!;
    },
  };
}

/** "Recover everything" (guard kind `recoverAll`): every registered source's rules, never the burns'. */
const ALL_SOURCE_RULES = RECOVERY_SOURCES.flatMap((s) => s.chainRules);

export function chainRuleFor(ix: DecodedInstruction, kind: GuardKind): ChainRule | undefined {
  if (kind === 'recoverAll') {
    const matching = ALL_SOURCE_RULES.filter((r) => r.matches(ix));
    return matching.length > 0 ? firstThatHolds(matching) : undefined;
  }
  let rules = RULES_BY_KIND.get(kind);
  if (!rules) {
    rules = [...SOURCE_RULES(kind, true), ...RULES, ...SOURCE_RULES(kind, false)];
    RULES_BY_KIND.set(kind, rules);
  }
  return rules.find((r) => r.matches(ix));
}
