// DATA_DIR persistence of the local chain: LiteSVM's own snapshot (accounts, programs, sysvars, transaction
// history) plus what the Chain keeps beside it (signature statuses, live blockhashes), the faucet key and the
// Metaplex plugin's trees and asset index.
import fs from 'node:fs';
import path from 'node:path';
import { LiteSVM } from 'litesvm';
import type { Chain } from './chain';
import type { SignatureRecord } from './chainTypes';
import { withoutLargeAccounts, type SavedLargeAccount } from './largeAccounts';

export interface SavedState {
  version: 1;
  statuses: [string, SignatureRecord][];
  blockhashes: [string, number][];
  faucetSecret: number[];
  metaplex?: unknown;
  /** LOCALNET_LAMPORTS_PER_BYTE as last configured (absent in saves made before the setting existed). */
  lamportsPerByte?: number;
  /** Accounts over LiteSVM's 4 MiB snapshot limit, saved here instead (largeAccounts.ts). */
  largeAccounts?: SavedLargeAccount[];
}

const files = (dataDir: string) => ({
  dir: path.join(dataDir, 'localnet'),
  svm: path.join(dataDir, 'localnet', 'svm.bin'),
  state: path.join(dataDir, 'localnet', 'state.json'),
});

function writeAtomic(file: string, data: Uint8Array | string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 }); // state.json holds the local faucet key
  fs.renameSync(tmp, file);
}

/** The saved chain, or null when there is none. An unreadable save is moved aside (and reported), not fatal. */
export function loadState(
  dataDir: string,
  log?: (msg: string, err?: unknown) => void,
): { svm: LiteSVM; state: SavedState } | null {
  const f = files(dataDir);
  if (!fs.existsSync(f.svm) || !fs.existsSync(f.state)) return null;
  try {
    const state = JSON.parse(fs.readFileSync(f.state, 'utf8')) as SavedState;
    if (state.version !== 1) throw new Error(`unknown local chain save version ${String(state.version)}`);
    return { svm: LiteSVM.fromBytes(fs.readFileSync(f.svm)), state };
  } catch (e) {
    const aside = `${f.dir}.unreadable-${Date.now()}`;
    fs.renameSync(f.dir, aside);
    log?.(`local chain save in ${f.dir} is unreadable; moved to ${aside}, starting a new chain`, e);
    return null;
  }
}

export function saveState(
  dataDir: string,
  chain: Chain,
  extra: { faucetSecret: Uint8Array; metaplex?: unknown; lamportsPerByte?: number; largeKeys?: Set<string> },
): void {
  const f = files(dataDir);
  fs.mkdirSync(f.dir, { recursive: true, mode: 0o700 });
  const state: SavedState = {
    version: 1,
    statuses: [...chain.statuses].map(([k, v]) => [k, { ...v, visibleAt: 0 }]),
    blockhashes: [...chain.blockhashes.valid],
    faucetSecret: [...extra.faucetSecret],
    metaplex: extra.metaplex,
    lamportsPerByte: extra.lamportsPerByte,
  };
  // Both files are written whole and renamed into place, so a failed save leaves the previous one as it was.
  const { snapshot, large } = withoutLargeAccounts(chain, extra.largeKeys ?? new Set(), () => chain.svm.toBytes());
  state.largeAccounts = large;
  writeAtomic(f.svm, snapshot);
  writeAtomic(f.state, JSON.stringify(state));
}

export function restoreChainState(chain: Chain, state: SavedState): void {
  for (const [k, v] of state.statuses) chain.statuses.set(k, v);
  for (const [k, v] of state.blockhashes) chain.blockhashes.valid.set(k, v);
}
