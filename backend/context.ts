import type { Connection, Keypair } from '@solana/web3.js';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { RateLimits } from './middleware/rateLimit';
import type { Localnet } from './localnet';
import type { DasClient } from './services/das/das';
import type { Metrics } from './services/ops/metrics';
import type { NonceStore } from './services/auth/nonceStore';
import type { Relayer } from './services/relayer/relayer';
import type { QueueStore } from './services/queue/queueStore';
import type { RpcClient, RpcTransport } from './services/rpc/rpc';
import type { PreparedBurnStore } from './services/vacant/vacantPrepared';

/** The embedded local chain (backend/localnet); type-only import, so upstream mode never loads it. */
export type LocalnetPort = Localnet;

/** What route factories receive: the configured services, identical in local and upstream mode. */
export interface Services {
  config: Config;
  logger: Logger;
  rpc: RpcClient;
  das: DasClient;
  connection: Connection;
  delegate: Keypair | null;
  localnet?: LocalnetPort;
  /** One-use nonces of signed messages (shared through Redis when REDIS_URL is set). */
  nonces: NonceStore;
  /** Pays network fees for wallets with no SOL (PRODUCT difference 15); absent in upstream mode without RELAYER_KEYPAIR. */
  relayer?: Relayer | null;
  /** The transfer queue's store and its worker, built once per app in createApp (never by a route). */
  queue: QueueService;
  /** What the server prepared for the wallet to sign (empty accounts, surplus, the recovery sources): submit relays only these. */
  prepared: PreparedBurnStore;
  /** Per-client rate limits (shared through Redis when REDIS_URL is set); `charge` weighs a request as several. */
  limits: RateLimits;
  /** Counters and gauges for the operator (METRICS_PORT; docs/OPERATIONS.md). */
  metrics: Metrics;
  /** The providers as /api/rpc reaches them for a client: counted apart, never judging the providers' health. */
  relay: { rpc: RpcTransport; das: RpcTransport };
}

export interface QueueService {
  store: QueueStore;
  worker: QueueWorker;
}

/** The queue's worker (services/queue/queueWorker.ts). Declared here, not there: the services that take a Pick of Services
 * import this file, so it imports none of them back (no import circle through the context). */
export interface QueueWorker {
  /** Starts (or wakes) processing. */
  kick(): void;
  /** Stops after the current step; resolves when idle. */
  stop(): Promise<void>;
  /** Resolves when no queue has work left (tests). */
  idle(): Promise<void>;
}
