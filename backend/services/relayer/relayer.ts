// The fee relayer (PRODUCT difference 15): a key that only ever pays network fees, so a wallet with no SOL can still recover its
// rent. Every relayed transaction repays the relayer exactly its own network fee from the rent it returns, in the
// same transaction; the server co-signs only the exact message it prepared, after a simulation shows the relayer
// ends with no loss. What it can still lose (a transaction that passes simulation and then fails on chain) is
// bounded per client and per day by RelayerPolicy (RELIABILITY.md).
import fs from 'fs';
import path from 'path';
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { priorityFeeLamports } from '../../../src/chain/fees';
import { LAMPORTS_PER_SIGNATURE } from '../../../src/common/constants';
import type { Config } from '../../config';
import type { RpcClient } from '../rpc/rpc';
import { prefixLimits } from '../limits/prefixAllowance';
import type { FeePayerPlan } from '../recovery/pack';

export interface RelayerLimits {
  /** Relayed transactions per client address, and per owner wallet, per UTC day. */
  perClientPerDay: number;
  /** Relayed transactions per UTC day, all clients together. */
  perDay: number;
  /** Below this balance the relayer says it is unavailable. */
  minBalanceLamports: number;
  /** A relayed transaction's network fee may not exceed this (it bounds what one failure can cost). */
  maxFeePerTransaction: number;
}

export const DEFAULT_RELAYER_LIMITS: RelayerLimits = {
  perClientPerDay: 20,
  perDay: 1000,
  minBalanceLamports: 10_000_000,
  maxFeePerTransaction: 50_000,
};

/** RELAYER_KEYPAIR, else (local mode) `<dataDir>/relayer-keypair.json` created with mode 0600; upstream without it: none. */
export function loadRelayerKey(
  config: Pick<Config, 'mode' | 'dataDir'> & { relayerKeypairPath?: string },
): Keypair | null {
  const file =
    config.relayerKeypairPath ??
    (config.mode === 'local' ? path.join(config.dataDir, 'relayer-keypair.json') : undefined);
  if (!file) return null;
  if (fs.existsSync(file)) {
    const bytes = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!Array.isArray(bytes) || bytes.length !== 64)
      throw new Error(`RELAYER_KEYPAIR ${file} is not a 64-byte JSON secret key`);
    return Keypair.fromSecretKey(Uint8Array.from(bytes));
  }
  if (config.mode !== 'local' || config.relayerKeypairPath) throw new Error(`RELAYER_KEYPAIR file not found: ${file}`);
  const kp = Keypair.generate();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(Array.from(kp.secretKey)), { mode: 0o600 });
  return kp;
}

/** A relayed transaction counted before anything is awaited (RelayerPolicy.reserve). */
export interface Reservation {
  client: string;
  owner: string;
  day: string;
  settled: boolean;
}

/**
 * A transaction that failed on chain cost the relayer its fee: it weighs this many uses of its owner's and its
 * client's allowance (never of the all-clients total), so one wallet racing its own transactions stops itself.
 */
export const FAILED_ON_CHAIN_WEIGHT = 10;

/**
 * Counts per UTC day: per client address, per owner, and in total; and the owners with a relayed transaction on its
 * way. In memory (one server process). A use is reserved before co-signing awaits anything, so a concurrent burst
 * cannot pass the limits between a check and its count (RELIABILITY, "The fee relayer").
 */
export class RelayerPolicy {
  private day = '';
  private readonly counts = new Map<string, number>();
  private total = 0;
  private readonly inFlight = new Set<string>();

  constructor(
    readonly limits: RelayerLimits,
    private readonly now: () => number = Date.now,
  ) {}

  private roll(): void {
    const today = new Date(this.now()).toISOString().slice(0, 10);
    if (today !== this.day) {
      this.day = today;
      this.counts.clear();
      this.total = 0;
    }
  }

  private add(r: Reservation, n: number, total: number): void {
    this.roll();
    if (r.day !== this.day) return; // counted on a day that is over
    this.total = Math.max(0, this.total + total);
    for (const { key } of this.allowances(r.client, r.owner))
      this.counts.set(key, Math.max(0, (this.counts.get(key) ?? 0) + n));
  }

  /**
   * The owner's allowance, the client's and each wider prefix's (services/limits/prefixAllowance.ts): 50 /64s once used up
   * the all-clients total, and the relayer was off for everyone for the rest of the UTC day.
   */
  private allowances(client: string, owner: string) {
    const perClient = this.limits.perClientPerDay;
    const prefixes = prefixLimits(client, perClient).map((l) => ({ key: `client:${l.key}`, limit: l.limit }));
    return [{ key: `owner:${owner}`, limit: perClient }, ...prefixes];
  }

  /** The reason `n` more relayed transactions for this client and owner would break a limit, or null. */
  refusal(client: string, owner: string, n: number): string | null {
    this.roll();
    if (this.total + n > this.limits.perDay)
      return 'the daily limit of relayed transactions is reached; try again tomorrow.';
    for (const { key, limit } of this.allowances(client, owner))
      if ((this.counts.get(key) ?? 0) + n > limit)
        return `at most ${this.limits.perClientPerDay} relayed transactions per wallet and per client each day.`;
    return null;
  }

  /** Counts one relayed transaction now, or answers why not (a limit, or this owner's previous one still on its way). */
  reserve(client: string, owner: string): Reservation | string {
    if (this.inFlight.has(owner))
      return 'a relayed transaction for this wallet is still on its way; wait for it to land and try again.';
    const refusal = this.refusal(client, owner, 1);
    if (refusal) return refusal;
    const r: Reservation = { client, owner, day: this.day, settled: false };
    this.inFlight.add(owner);
    this.add(r, 1, 1);
    return r;
  }

  /** Refused or failed before it was sent: the use is given back. */
  release(r: Reservation): void {
    if (r.settled) return;
    r.settled = true;
    this.inFlight.delete(r.owner);
    this.add(r, -1, -1);
  }

  /** Sent: landed (or unknown), or failed on chain, which weighs on its owner and client only. */
  finish(r: Reservation, failedOnChain: boolean): void {
    if (r.settled) return;
    r.settled = true;
    this.inFlight.delete(r.owner);
    if (failedOnChain) this.add(r, FAILED_ON_CHAIN_WEIGHT - 1, 0);
  }
}

export interface RelayerStatus {
  available: boolean;
  address: string | null;
  /** Why not, in plain words, when unavailable. */
  reason?: string;
  balanceLamports?: number;
}

export class Relayer {
  readonly address: string;
  private cached: { at: number; lamports: number } | null = null;
  /** Told of each co-signed transaction and the network fee the relayer pays for it (the app's metrics). */
  onRelayed: (feeLamports: number) => void = () => undefined;

  constructor(
    readonly keypair: Keypair,
    readonly policy: RelayerPolicy,
    private readonly rpc: RpcClient,
  ) {
    this.address = keypair.publicKey.toBase58();
  }

  /** The relayer's balance, read at most every 5 s (watched on every status and prepare). */
  async balance(fresh = false): Promise<number> {
    if (!fresh && this.cached && Date.now() - this.cached.at < 5_000) return this.cached.lamports;
    const lamports = await this.rpc
      .call<{ value: number }>('getBalance', [this.address, { commitment: 'confirmed' }])
      .then((r) => r.value);
    this.cached = { at: Date.now(), lamports };
    return lamports;
  }

  async status(): Promise<RelayerStatus> {
    let lamports: number;
    try {
      lamports = await this.balance(true);
    } catch {
      return { available: false, address: this.address, reason: 'its balance cannot be read.' };
    }
    if (lamports < this.policy.limits.minBalanceLamports)
      return { available: false, address: this.address, reason: 'its balance is too low.', balanceLamports: lamports };
    const daily = this.policy.refusal('-', '-', 1);
    if (daily && daily.startsWith('the daily'))
      return { available: false, address: this.address, reason: daily, balanceLamports: lamports };
    return { available: true, address: this.address, balanceLamports: lamports };
  }

  /** The fee-payer plan for prepare: the relayer pays, the owner repays exactly the fee right after the closes. */
  plan(owner: string): FeePayerPlan {
    return {
      payer: this.address,
      repay: (fee: number): TransactionInstruction[] => [
        SystemProgram.transfer({ fromPubkey: new PublicKey(owner), toPubkey: this.keypair.publicKey, lamports: fee }),
      ],
      networkFee: relayedNetworkFee,
    };
  }
}

/** What the runtime charges a relayed transaction: two signatures (relayer, owner) + the priority fee. */
export function relayedNetworkFee(units: number, microLamports: number): number {
  return 2 * LAMPORTS_PER_SIGNATURE + priorityFeeLamports(units, microLamports);
}
