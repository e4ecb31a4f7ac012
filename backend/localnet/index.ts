// The embedded local chain: LiteSVM behind a Solana JSON-RPC + websocket API, a DAS API from the Metaplex plugin,
// funding profiles, fault injection and DATA_DIR persistence. Metaplex Token Metadata and Bubblegum are not real
// programs here: they are emulated (see emulated/types.ts and metaplex/), everything else runs in LiteSVM.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Keypair } from '@solana/web3.js';
import { Chain } from './chain';
import { FaultState, type Faults } from './faults';
import { fundOwner, type FundProfile } from './fund';
import { recoveryEmulators } from './fund/recovery';
import type { FundManifest } from './fund/manifest';
import { restoreLargeAccounts, trackLargeAccounts } from './largeAccounts';
import { loadState, restoreChainState, saveState } from './persistence';
import { installMetaplex, type MetaplexPlugin } from './metaplex';
import { createRpcHandler } from './rpc/handler';
import { solanaMethods } from './rpc/methods';
import { isValidAddress } from './decode';
import { SubscriptionServer } from './ws';
import { isValidLamportsPerByte, LEGACY_LAMPORTS_PER_BYTE, RentSchedule } from './rent';

export { Chain } from './chain';
export type { Faults } from './faults';
export type { FundManifest } from './fund/manifest';

export interface LocalnetOptions {
  dataDir?: string; // undefined = memory only
  delegate: string;
  trashWallet: string;
  feeWallet: string;
  slotMs?: number; // a new slot every slotMs (default 400, as on a cluster); 0 = slots move only with transactions
  /** Lowest compute-unit price (µlamports) getRecentPrioritizationFees reports per slot: a busy network (default 0). */
  priorityFeeFloor?: number;
  /** Period of getRecentPerformanceSamples' samples in seconds (default 60, as agave; tests set less). */
  performanceSampleSecs?: number;
  sendTimeoutMs?: number; // how long a send held by failNextSends(n, 'timeout') hangs (default 90 s)
  log?: (msg: string, err?: unknown) => void;
  /** Rent per byte after funding (LOCALNET_LAMPORTS_PER_BYTE); unset = the value saved in dataDir, else the default. */
  lamportsPerByte?: number;
  /** Used when neither is set (the app passes mainnet's step; default LiteSVM's own 6960). */
  defaultLamportsPerByte?: number;
}

export interface Localnet {
  handleRpc(body: unknown): Promise<unknown>;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes the websocket clients with a reason (a draining server), before `close`. */
  closeSockets(reason: string): void;
  fund(owner: string, profile?: FundProfile): Promise<FundManifest>;
  faults: Faults;
  chain: Chain;
  metaplex: MetaplexPlugin;
  /** The configured rent per byte; funding runs at the legacy 6960 meanwhile (rent.ts). */
  rent: RentSchedule;
  save(): Promise<void>;
  close(): Promise<void>;
}

const SAVE_DEBOUNCE_MS = 500;

export async function createLocalnet(opts: LocalnetOptions): Promise<Localnet> {
  const restored = opts.dataDir ? loadState(opts.dataDir, opts.log) : null;
  const chain = new Chain(restored?.svm);
  const faucet = restored ? Keypair.fromSecretKey(Uint8Array.from(restored.state.faucetSecret)) : Keypair.generate();
  if (restored) restoreChainState(chain, restored.state);
  const largeKeys = trackLargeAccounts(chain);
  if (restored?.state.largeAccounts) restoreLargeAccounts(chain, largeKeys, restored.state.largeAccounts);
  const savedRate = restored?.state.lamportsPerByte;
  const rent = new RentSchedule(
    chain,
    opts.lamportsPerByte ??
      (isValidLamportsPerByte(savedRate) ? savedRate : (opts.defaultLamportsPerByte ?? LEGACY_LAMPORTS_PER_BYTE)),
  );
  // On a cluster the service wallets exist; here nobody holds their keys, so open them with the rent-exempt minimum:
  // a 1 % fee below that minimum sent to a missing account would fail the user's whole transaction.
  for (const wallet of [opts.feeWallet, opts.trashWallet]) {
    if (!chain.getAccount(wallet)) chain.setAccount(wallet, { lamports: chain.rent(0) });
  }

  const metaplex = installMetaplex(chain, {
    delegate: opts.delegate,
    trashWallet: opts.trashWallet,
    feeWallet: opts.feeWallet,
    authority: faucet.publicKey.toBase58(),
  });
  for (const e of [...metaplex.emulators, ...recoveryEmulators()]) chain.registerEmulator(e);
  if (restored?.state.metaplex !== undefined) metaplex.restore(restored.state.metaplex);

  const faults = new FaultState(chain, opts.sendTimeoutMs);
  const methods = { ...solanaMethods(chain, faults), ...metaplex.dasMethods };
  const handleRpc = createRpcHandler(methods, (e) => opts.log?.('localnet rpc method failed', e));
  const ws = new SubscriptionServer(chain);

  let closed = false;
  let saveTimer: NodeJS.Timeout | null = null;
  const saveNow = () => {
    if (saveTimer) {
      clearTimeout(saveTimer);
      saveTimer = null;
    }
    if (opts.dataDir)
      saveState(opts.dataDir, chain, {
        faucetSecret: faucet.secretKey,
        metaplex: metaplex.snapshot(),
        lamportsPerByte: rent.lamportsPerByte,
        largeKeys,
      });
  };
  const scheduleSave = () => {
    if (!opts.dataDir || closed || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      try {
        saveNow();
      } catch (e) {
        opts.log?.('localnet save failed', e);
      }
    }, SAVE_DEBOUNCE_MS);
    saveTimer.unref();
  };
  chain.on('transaction', scheduleSave);

  const slotMs = opts.slotMs ?? 400;
  chain.confirmAfterMs = slotMs; // processed for one slot, then confirmed (a cluster votes within a slot or two)
  chain.priorityFees.floor = opts.priorityFeeFloor ?? 0;
  const ticker = slotMs > 0 ? setInterval(() => chain.advanceSlot(), slotMs) : null;
  ticker?.unref();
  const sampleSecs = opts.performanceSampleSecs ?? 60;
  const takeSample = () => chain.performance.record(chain.slot(), chain.statuses.size, sampleSecs);
  takeSample(); // the first period starts now
  const sampler = setInterval(takeSample, sampleSecs * 1000);
  sampler.unref();

  return {
    handleRpc,
    handleUpgrade: (req, socket, head) => ws.handleUpgrade(req, socket, head),
    closeSockets: (reason) => ws.closeClients(reason),
    async fund(owner, profile = 'demo') {
      if (!isValidAddress(owner)) throw new RangeError('owner must be a base58 address');
      if (!['demo', 'large', 'collector'].includes(profile))
        throw new RangeError("profile must be 'demo', 'large' or 'collector'");
      // Wallets out there were funded before the SIMD-0437 cut: their accounts hold the legacy deposit.
      const manifest = await rent.atLegacyRate(() =>
        fundOwner({ chain, faucet, metaplex, delegate: opts.delegate }, owner, profile),
      );
      scheduleSave();
      return manifest;
    },
    faults,
    chain,
    metaplex,
    rent,
    async save() {
      saveNow();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (ticker) clearInterval(ticker);
      clearInterval(sampler);
      faults.close();
      ws.close();
      chain.off('transaction', scheduleSave);
      saveNow();
    },
  };
}
