// A recovery source: one kind of account the wallet can take SOL back from. Each source owns its scan (which RPC
// calls, within the providers' limits), its plan (instructions and compute units for packing), the guard's rules
// (static: which instruction shapes; chain: what the page reads and how many lamports come back), and its estimate
// (the scan's `recoverableLamports` and `rentLamports`). The registry (registry.ts) lists them; the server's scan,
// prepare and estimate and the page's guard iterate over it. Recipe: docs/ARCHITECTURE.md, "Adding a recovery source".
import bs58 from 'bs58';
import type { TransactionInstruction } from '@solana/web3.js';
import type { RecoverableSource, RecoveryAction, RecoveryKind } from '../../common/api/recovery';
import type { ChainRule } from '../chainRules';
import type { DecodedInstruction } from '../decode';
import type { RECOVERY_SOURCES } from './registry';

/** The JSON-RPC the scans need (the server's RpcClient satisfies it). */
export interface RecoveryRpc {
  call<T = unknown>(method: string, params?: unknown): Promise<T>;
}

/** One of the wallet's token accounts as the server decodes it (backend/services/vacant/vacantScan.ts). */
export interface ScannedTokenAccount {
  address: string;
  programId: string;
  mint: string;
  owner: string;
  amount: bigint;
  lamports: number;
  frozen: boolean;
  delegate: string | null;
  closeAuthority: string | null;
  /** Wrapped SOL: the rent-exempt reserve (lamports − amount); null for other mints. */
  nativeReserve: number | null;
  /** Token-2022 transfer fees withheld in the account (0 when none or SPL Token). */
  withheldAmount: bigint;
  /** Data length in bytes: its rent-exempt minimum is the chain's for this size (Token-2022 extensions vary it). */
  space: number;
}

export interface ScanContext {
  rpc: RecoveryRpc;
  owner: string;
  /** The wallet's token accounts (SPL Token and Token-2022), read once per scan and shared by the sources. */
  tokenAccounts(): Promise<ScannedTokenAccount[]>;
  /** Read once per scan: the current epoch and slot, and the chain's rent minimum by size. */
  epoch: bigint;
  slot: number;
  rentMinimum(bytes: number): Promise<bigint>;
  /** The SlotHashes sysvar's slots (read on first use). */
  slotHashes(): Promise<bigint[]>;
}

export interface RecoveryPlan {
  action: RecoveryAction;
  instructions: TransactionInstruction[];
  computeUnits: number;
  /** What comes back to the owner, and the part the 1 % fee is measured on (rent and surplus, never principal). */
  lamportsBack: bigint;
  feeBase: bigint;
}

/** The guard's static rule for one program: null when the instruction is one a recovery builds, else the reason. */
export type RecoveryCheck = (ix: DecodedInstruction, owner: string, allowed: Set<string>) => string | null;

/** What a token-instruction rule may look at: the owner, the ticked addresses, and the surplus sources the page read. */
export interface GuardScope {
  owner: string;
  allowed: Set<string>;
  /** The WithdrawExcessLamports sources the page found in the transactions (its chain rule then reads each one). */
  surplusSources: Set<string>;
}
export type TokenRule = (ix: DecodedInstruction, scope: GuardScope) => string | null;

/** A rule for one instruction of a program the guard owns (System), named for the refusal in other flows. */
export interface NamedRule {
  /** "nonce withdrawal": another flow's guard answers "nonce withdrawal not allowed". */
  name: string;
  check: RecoveryCheck;
}

/**
 * The page's flow (and guard kind) that recovers a source: `recover` is "More SOL in your wallet" (listed by
 * GET /api/recoverable, prepared by POST /api/prepare-recovery); `closeVacant` is the empty-account flow (its own
 * routes, POST /api/prepare-burn-transactions), whose guard kind names the empty-account and surplus sources.
 */
export type RecoveryFlow = 'recover' | 'closeVacant';

/** What a scan says of an item, in figures and names: each source declares its own (`RecoverySource<kind, detail>`). */
export interface DetailFacts {
  about: string;
}

/**
 * Every source's detail, read from the registry. The server words it (recoveryDetailText, with the source's own
 * texts.ts) before the item leaves as a RecoverableSource.
 */
export type RecoveryDetail = DetailOf<(typeof RECOVERY_SOURCES)[number]>;
/** The detail type a registered source declares. */
export type DetailOf<S> = S extends RecoverySource<RecoveryKind, infer D> ? D : never;

/**
 * A source's words (`sources/<kind>/texts.ts`): data the text catalogue collects through the registry
 * (src/common/texts/recoverySourceTexts.ts); the source's scan, plan and rules never read them.
 */
export interface SourceTexts<D extends DetailFacts> {
  /** Its label on the page: "Stake account". */
  name: string;
  /** As the prepare's refusal names it: "… is not a stake account, program buffer … this wallet can recover from." */
  noun: string;
  /** A scanned item's detail in words, as the server sends it. */
  detail(detail: D): string;
}

/** A scanned item: a RecoverableSource whose detail is not worded yet. */
export type ScannedItem<D extends DetailFacts = RecoveryDetail> = Omit<RecoverableSource, 'detail'> & { detail: D };

/** What a plan reads of an item: anything but its detail (worded when it comes from the page, not from a scan). */
export type RecoveryItem = Omit<RecoverableSource, 'detail'> & { detail?: unknown };

export interface RecoverySource<K extends RecoveryKind = RecoveryKind, D extends DetailFacts = RecoveryDetail> {
  kind: K;
  flow: RecoveryFlow;
  /** The provider calls of the scan, as docs/UPSTREAM.md records them. */
  scanCalls: string;
  scan(ctx: ScanContext): Promise<ScannedItem<D>[]>;
  /** The instructions that recover a listed item now; null when nothing can run now. */
  plan(item: RecoveryItem, owner: string): RecoveryPlan | null;
  /** Page guard: chain rules (what each instruction returns, read from the chain) and static rules by program. */
  chainRules: ChainRule[];
  staticRules: Record<string, RecoveryCheck>;
  /**
   * SPL Token / Token-2022 instructions by tag (both programs share them), applied when the guard's kind is `flow`;
   * the token programs' own rule in guardRules.ts hands them over.
   */
  tokenRules?: Record<number, TokenRule>;
  /** System program instructions by their u32 tag, applied when the guard's kind is `flow` (transfers are the guard's). */
  systemRules?: Record<number, NamedRule>;
}

export interface ProgramAccount {
  address: string;
  lamports: bigint;
  data: Uint8Array;
}

type Filter = { dataSize: number } | { memcmp: { offset: number; bytes: string } };

/** getProgramAccounts with filters (all providers cap them at 4) and an optional data slice. */
export async function programAccounts(
  rpc: RecoveryRpc,
  programId: string,
  filters: Filter[],
  dataSlice?: { offset: number; length: number },
): Promise<ProgramAccount[]> {
  const res = await rpc.call<
    { pubkey: string; account: { lamports: number; data: [string, string] } }[] | { value: unknown[] }
  >('getProgramAccounts', [
    programId,
    { encoding: 'base64', commitment: 'confirmed', filters, ...(dataSlice ? { dataSlice } : {}) },
  ]);
  const list = (Array.isArray(res) ? res : (res?.value ?? [])) as {
    pubkey: string;
    account: { lamports: number; data: [string, string] };
  }[];
  return list.map((a) => ({
    address: a.pubkey,
    lamports: BigInt(a.account.lamports),
    data: Uint8Array.from(Buffer.from(a.account.data[0], 'base64')),
  }));
}

/** getAccountInfo of one address (a source's PDA); null when the account does not exist. */
export async function accountInfo(
  rpc: RecoveryRpc,
  address: string,
): Promise<(ProgramAccount & { owner: string }) | null> {
  const res = await rpc.call<{ value: { lamports: number; owner: string; data: [string, string] } | null }>(
    'getAccountInfo',
    [address, { encoding: 'base64', commitment: 'confirmed' }],
  );
  const a = res?.value;
  return a
    ? { address, owner: a.owner, lamports: BigInt(a.lamports), data: Uint8Array.from(Buffer.from(a.data[0], 'base64')) }
    : null;
}

export const memcmpKey = (offset: number, address: string): Filter => ({ memcmp: { offset, bytes: address } });
export const memcmpBytes = (offset: number, bytes: number[]): Filter => ({
  memcmp: { offset, bytes: bs58.encode(Uint8Array.from(bytes)) },
});

export const at = (ix: DecodedInstruction, i: number): string => ix.accounts[i]?.pubkey ?? '';
export const u32At = (data: Uint8Array, offset: number): number =>
  data.length >= offset + 4 ? Buffer.from(data.buffer, data.byteOffset, data.length).readUInt32LE(offset) : -1;
export const u64At = (data: Uint8Array, offset: number): bigint | null =>
  data.length >= offset + 8 ? Buffer.from(data.buffer, data.byteOffset, data.length).readBigUInt64LE(offset) : null;

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** lamports → number for the wire (balances stay far below 2^53). */
export const n = (v: bigint): number => Number(v);
