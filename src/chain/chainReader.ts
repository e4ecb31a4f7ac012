// What the chain-reading guard asks of the chain: account snapshots and a simulation reporting chosen accounts after
// it. The page passes a reader over its own Connection (/api/rpc); tests pass one over the local chain directly.
import { PublicKey, type Connection, type Transaction, VersionedTransaction } from '@solana/web3.js';
import pMap from 'p-map';
import type { TransactionInput } from './decode';

export interface AccountSnapshot {
  lamports: bigint;
  /** Program that owns the account. */
  owner: string;
  data: Uint8Array;
}

export interface SimulationOutcome {
  /** null when the transaction would succeed; the runtime's error otherwise. */
  err: unknown;
  /** The requested accounts after the transaction (null: the account would not exist). */
  accounts: (AccountSnapshot | null)[];
  logs?: string[];
}

export interface ChainReader {
  getAccounts(addresses: readonly string[]): Promise<(AccountSnapshot | null)[]>;
  simulate(transaction: TransactionInput, accounts: readonly string[]): Promise<SimulationOutcome>;
  /** The chain's rent-exempt minimum for an account of `bytes` (surplus withdrawals); without it they are refused. */
  rentMinimum?(bytes: number): Promise<bigint>;
}

const MAX_PER_CALL = 100; // getMultipleAccounts' limit
const CALLS_AT_ONCE = 4;

function toVersioned(input: TransactionInput): VersionedTransaction {
  if (input instanceof VersionedTransaction) return input;
  if (typeof input === 'string') return VersionedTransaction.deserialize(Buffer.from(input, 'base64'));
  if (input instanceof Uint8Array) return VersionedTransaction.deserialize(input);
  const tx = input;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(tx)), tx) as Transaction;
  if (!copy.recentBlockhash) copy.recentBlockhash = PublicKey.default.toBase58(); // replaced by the node
  return new VersionedTransaction(copy.compileMessage());
}

/** A reader over a web3.js Connection: getMultipleAccounts and simulateTransaction (no signatures needed). */
export function connectionChainReader(
  connection: Pick<Connection, 'getMultipleAccountsInfo' | 'simulateTransaction'> &
    Partial<Pick<Connection, 'getMinimumBalanceForRentExemption'>>,
): ChainReader {
  const rentOf = connection.getMinimumBalanceForRentExemption?.bind(connection);
  return {
    ...(rentOf ? { rentMinimum: async (bytes: number) => BigInt(await rentOf(bytes, 'confirmed')) } : {}),
    async getAccounts(addresses) {
      const chunks: string[][] = [];
      for (let i = 0; i < addresses.length; i += MAX_PER_CALL) chunks.push(addresses.slice(i, i + MAX_PER_CALL));
      // CALLS_AT_ONCE at a time (npm p-map), answers in the order of the chunks.
      const read = await pMap(
        chunks,
        async (chunk) => {
          const infos = await connection.getMultipleAccountsInfo(
            chunk.map((a) => new PublicKey(a)),
            'confirmed',
          );
          return infos.map((a) =>
            a ? { lamports: BigInt(a.lamports), owner: a.owner.toBase58(), data: Uint8Array.from(a.data) } : null,
          );
        },
        { concurrency: CALLS_AT_ONCE },
      );
      return read.flat();
    },
    async simulate(transaction, accounts) {
      const { value } = await connection.simulateTransaction(toVersioned(transaction), {
        sigVerify: false,
        replaceRecentBlockhash: true,
        commitment: 'confirmed',
        accounts: { addresses: accounts.map(String), encoding: 'base64' },
      });
      return {
        err: value.err ?? null,
        logs: value.logs ?? undefined,
        accounts: (value.accounts ?? accounts.map(() => null)).map((a) =>
          a
            ? { lamports: BigInt(a.lamports), owner: a.owner, data: Uint8Array.from(Buffer.from(a.data[0], 'base64')) }
            : null,
        ),
      };
    },
  };
}
