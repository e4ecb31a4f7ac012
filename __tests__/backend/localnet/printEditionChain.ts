// The set-up the print-edition lookup suites share (tokenLargest, masterHolderDas): a local chain behind real
// JSON-RPC with one owner funded with every NFT kind, and a connection that records each master lookup and refuses
// the chosen ones as public nodes refuse them (docs/UPSTREAM.md, "Print editions").
import { Keypair, type Connection, type PublicKey } from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import type { KindsManifest } from '../../../backend/localnet/metaplex';
import { fixture } from '../../support/replayUpstream';
import { startRpcServer, type RpcServer } from './rpcServer';

export interface KindsChain {
  localnet: Localnet;
  rpc: RpcServer;
  connection: Connection;
  owner: Keypair;
  kinds: KindsManifest;
  /** A fresh keypair holding 2 SOL. */
  funded(): Keypair;
}

export const newKey = () => Keypair.generate().publicKey.toBase58();

/** Starts the chain before the suite and closes it after; its fields are there once the tests run. */
export function kindsChain(): KindsChain {
  const chain = {} as KindsChain;
  beforeAll(async () => {
    chain.localnet = await createLocalnet({ delegate: newKey(), trashWallet: newKey(), feeWallet: newKey() });
    chain.rpc = await startRpcServer(chain.localnet);
    chain.connection = chain.rpc.connection;
    chain.funded = () => {
      const kp = Keypair.generate();
      chain.localnet.chain.airdrop(kp.publicKey.toBase58(), 2_000_000_000n);
      return kp;
    };
    chain.owner = chain.funded();
    chain.kinds = chain.localnet.metaplex.fundKinds(chain.owner.publicKey.toBase58());
  });
  afterAll(async () => {
    await chain.rpc?.close();
    await chain.localnet?.close();
  });
  return chain;
}

/** The mainnet refusal of a getProgramAccounts over the SPL Token program (recorded fixture). */
const scanRefusal = fixture('solana/getProgramAccounts-refusals.json').excludedFromSecondaryIndexes.error;

export type Refuse = { mintScan?: boolean; holderScan?: boolean; largest?: boolean };

/** `connection`, recording each master lookup ('mintScan', 'holderScan', 'largest') and refusing the chosen ones. */
export function refusingProvider(connection: Connection, refuse: Refuse = {}) {
  const calls: string[] = [];
  const refused = () => {
    throw new Error(`failed to get accounts owned by program: ${scanRefusal.code}: ${scanRefusal.message}`);
  };
  const conn = {
    getAccountInfo: connection.getAccountInfo.bind(connection),
    getMultipleAccountsInfo: connection.getMultipleAccountsInfo.bind(connection),
    getMinimumBalanceForRentExemption: connection.getMinimumBalanceForRentExemption.bind(connection),
    getProgramAccounts: (async (program: PublicKey, config: { filters: { dataSize?: number }[] }) => {
      const holders = config.filters.some((f) => f.dataSize === 165);
      calls.push(holders ? 'holderScan' : 'mintScan');
      if (holders ? refuse.holderScan : refuse.mintScan) refused();
      return connection.getProgramAccounts(program, config as never);
    }) as never,
    getTokenLargestAccounts: (async (mint: PublicKey, commitment: never) => {
      calls.push('largest');
      if (refuse.largest) throw new Error('410: The RPC call or parameters have been disabled.');
      return connection.getTokenLargestAccounts(mint, commitment);
    }) as never,
  };
  return { conn, calls };
}
