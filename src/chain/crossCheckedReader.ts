// The guard's reading of the chain, from two independent readers (PRODUCT difference 10; RELIABILITY, the second
// reader). The page reads the chain through this server's /api/rpc; a server that lies there too could show the guard
// a false chain (an empty account "holding" 200 SOL, with a matching simulation, so a 1 % fee of it looks earned).
// With a second reader the user chose, every account the guard reads, every rent minimum and every simulation is
// asked of both, and any difference refuses the transactions with the reader's name and what differed.
import type { AccountSnapshot, ChainReader, SimulationOutcome } from './chainReader';

/**
 * The two readers read the chain differently (after one more reading of both). The page words it from `reader` and
 * `difference` (CHAIN_GUARD.readersDisagree in src/common/texts).
 */
export class ReadersDisagreeError extends Error {
  name = 'ReadersDisagreeError';
  constructor(
    readonly reader: string,
    readonly difference: string,
  ) {
    super(`the second reader ${reader} disagrees about ${difference}`);
  }
}

/**
 * The second reader could not be read (down, refused by the CSP, not an RPC): the check cannot be made. Worded by
 * CHAIN_GUARD.secondReaderFailed.
 */
export class SecondReaderFailedError extends Error {
  name = 'SecondReaderFailedError';
  constructor(
    readonly reader: string,
    options?: ErrorOptions,
  ) {
    super(`the second reader ${reader} could not be read`, options);
  }
}

export interface CrossCheckOptions {
  /** How the user knows the second reader (its origin), carried by the errors for the texts. */
  label: string;
  /**
   * A difference is read once more after this pause before it refuses: two honest nodes can be a slot apart just
   * after the wallet's last transaction.
   */
  rereadAfterMs?: number;
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What differs between two readings of one account, or null. */
function accountDifference(address: string, a: AccountSnapshot | null, b: AccountSnapshot | null): string | null {
  const name = `account ${short(address)}`;
  if (!a || !b) return a === b ? null : `whether ${name} exists`;
  if (a.lamports !== b.lamports) return `the lamports of ${name} (${a.lamports} here, ${b.lamports} there)`;
  if (a.owner !== b.owner) return `the program owning ${name}`;
  return sameBytes(a.data, b.data) ? null : `the data of ${name}`;
}

function simulationDifference(accounts: readonly string[], a: SimulationOutcome, b: SimulationOutcome): string | null {
  if ((a.err === null) !== (b.err === null)) return 'whether the transaction would succeed';
  if (a.err !== null) return null; // both refuse it: the guard reports the refusal
  for (const [i, address] of accounts.entries()) {
    const [x, y] = [a.accounts[i]?.lamports, b.accounts[i]?.lamports];
    if (x !== y) return `the lamports of account ${short(address)} after the transaction (${x} here, ${y} there)`;
  }
  return null;
}

export function crossCheckedReader(primary: ChainReader, second: ChainReader, opts: CrossCheckOptions): ChainReader {
  const pause = opts.rereadAfterMs ?? 1000;
  const fromSecond = <T>(read: Promise<T>): Promise<T> =>
    read.catch((err: unknown) => {
      throw new SecondReaderFailedError(opts.label, { cause: err });
    });
  /** Reads both; a difference is read once more; a lasting one refuses. Answers the second reader's reading. */
  async function agreed<T>(read: (r: ChainReader) => Promise<T>, differs: (a: T, b: T) => string | null): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const [a, b] = await Promise.all([read(primary), fromSecond(read(second))]);
      const difference = differs(a, b);
      if (!difference) return b;
      if (attempt > 0) throw new ReadersDisagreeError(opts.label, difference);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  const rentMinimumOf = primary.rentMinimum && second.rentMinimum;
  return {
    getAccounts: (addresses) =>
      agreed(
        (r) => r.getAccounts(addresses),
        (a, b) => {
          for (const [i, address] of addresses.entries()) {
            const difference = accountDifference(address, a[i] ?? null, b[i] ?? null);
            if (difference) return difference;
          }
          return null;
        },
      ),
    simulate: (transaction, accounts) =>
      agreed(
        (r) => r.simulate(transaction, accounts),
        (a, b) => simulationDifference(accounts, a, b),
      ),
    ...(rentMinimumOf
      ? {
          rentMinimum: (bytes: number) =>
            agreed(
              (r) => r.rentMinimum!(bytes),
              (a, b) => (a === b ? null : `the rent minimum for ${bytes} bytes`),
            ),
        }
      : {}),
  };
}
