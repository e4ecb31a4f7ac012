// What each source's folder gives the one contract test (__tests__/backend/recoverySources.test.ts), which walks the
// registry and takes every source through scan → plan → guard → submit on the local chain with exact lamports:
// `sources/<kind>/contract.ts` names the accounts of its kind a freshly funded demo wallet holds, making them first
// with the owner's own transactions where funding cannot sign for the owner.
import type { Connection, Keypair } from '@solana/web3.js';
import type { FundManifest } from '../../../backend/localnet/fund/manifest';

export interface ContractWallet {
  owner: Keypair;
  /** What POST /api/localnet/fund made for the demo profile. */
  manifest: FundManifest;
  /** The app's RPC (`/api/rpc`). */
  connection: Connection;
}

export interface SourceContract {
  /** The addresses the source's scan must list for this wallet, each recoverable (or its first phase) now. */
  accounts(wallet: ContractWallet): Promise<string[]>;
}
