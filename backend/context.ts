import type { IncomingMessage } from 'http';
import type { Duplex } from 'stream';
import type { Connection, Keypair } from '@solana/web3.js';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { DasClient } from './services/das';
import type { RpcClient } from './services/rpc';

/** The part of backend/localnet's `Localnet` the server uses (see docs/ARCHITECTURE.md). */
export interface LocalnetPort {
  handleRpc(body: unknown): Promise<unknown>;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  fund(owner: string, profile?: 'demo' | 'large'): Promise<unknown>;
  faults: {
    expireBlockhash(): unknown;
    failNextSends(n: number, kind: 'timeout' | '429'): unknown;
    delayConfirmations(ms: number): unknown;
  };
  save(): Promise<void>;
  close(): Promise<void>;
}

/** What route factories receive: the configured services, identical in local and upstream mode. */
export interface Services {
  config: Config;
  logger: Logger;
  rpc: RpcClient;
  das: DasClient;
  connection: Connection;
  delegate: Keypair | null;
  localnet?: LocalnetPort;
}
