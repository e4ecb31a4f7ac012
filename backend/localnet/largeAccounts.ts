// LiteSVM's snapshot (`toBytes`) refuses any account over 4 MiB ("Encoded sequence length exceeded preallocation
// limit of 4194304 bytes"), while the chain allows 10 MiB: one such account made every save and the shutdown fail,
// and whatever happened after the last good save was lost at the next start (RELIABILITY, "Local chain saves").
// Those accounts are kept out of the snapshot and saved beside it.
import { address, lamports as kitLamports } from '@solana/kit';
import type { Chain } from './chain';
import type { ChainAccount } from './chainTypes';

/** Largest account data LiteSVM's snapshot takes. */
export const SNAPSHOT_ACCOUNT_LIMIT = 4 * 1024 * 1024;

export interface SavedLargeAccount {
  pubkey: string;
  lamports: string;
  owner: string;
  executable: boolean;
  data: string; // base64
}

/** Keys of accounts over the snapshot limit, kept current from the chain's change events. */
export function trackLargeAccounts(chain: Chain): Set<string> {
  const large = new Set<string>();
  chain.on('accounts', (keys: string[]) => {
    for (const k of keys) {
      if ((chain.getAccount(k)?.data.length ?? 0) > SNAPSHOT_ACCOUNT_LIMIT) large.add(k);
      else large.delete(k);
    }
  });
  return large;
}

function putRaw(chain: Chain, pubkey: string, acc: ChainAccount): void {
  chain.svm.setAccount({
    address: address(pubkey),
    lamports: kitLamports(acc.lamports),
    data: acc.data,
    programAddress: address(acc.owner),
    executable: acc.executable,
    space: BigInt(acc.data.length),
  });
}

/**
 * Runs `snapshot` with the large accounts' data taken out of LiteSVM (each left with its lamports and owner and no
 * data), puts them back afterwards whatever happens, and returns the snapshot with the accounts it left out.
 */
export function withoutLargeAccounts<T>(
  chain: Chain,
  keys: Set<string>,
  snapshot: () => T,
): { snapshot: T; large: SavedLargeAccount[] } {
  const taken: [string, ChainAccount][] = [];
  for (const k of keys) {
    const acc = chain.getAccount(k);
    if (acc && acc.data.length > SNAPSHOT_ACCOUNT_LIMIT) taken.push([k, acc]);
  }
  try {
    for (const [k, acc] of taken) putRaw(chain, k, { ...acc, data: new Uint8Array(0) });
    return {
      snapshot: snapshot(),
      large: taken.map(([pubkey, acc]) => ({
        pubkey,
        lamports: acc.lamports.toString(),
        owner: acc.owner,
        executable: acc.executable,
        data: Buffer.from(acc.data).toString('base64'),
      })),
    };
  } finally {
    for (const [k, acc] of taken) putRaw(chain, k, acc);
  }
}

/** Puts saved large accounts back into a restored chain. */
export function restoreLargeAccounts(chain: Chain, keys: Set<string>, saved: SavedLargeAccount[]): void {
  for (const a of saved) {
    putRaw(chain, a.pubkey, {
      lamports: BigInt(a.lamports),
      owner: a.owner,
      executable: a.executable,
      data: new Uint8Array(Buffer.from(a.data, 'base64')),
    });
    keys.add(a.pubkey);
  }
}
