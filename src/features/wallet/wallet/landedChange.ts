// What landed transactions did to one wallet, as the chain recorded them: each transaction's balances before and after
// it ran (getTransaction's meta), never a figure computed beforehand. A priority fee a wallet added, or a fee the
// cluster charged differently from the estimate, is then in the figure shown (docs/PRODUCT.md#burn-status-line).
import type { Connection } from '@solana/web3.js';

type TransactionReader = Pick<Connection, 'getTransaction'>;

/** The owner's lamport change over `signatures`, or undefined when the chain has no record of one of them (yet). */
export async function ownerChangeOnChain(
  connection: TransactionReader,
  owner: string,
  signatures: readonly string[],
): Promise<number | undefined> {
  let change = 0;
  for (const signature of signatures) {
    const landed = await connection
      .getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
      .catch(() => null);
    if (!landed?.meta) return undefined;
    const index = landed.transaction.message.staticAccountKeys.findIndex((k) => k.toBase58() === owner);
    if (index < 0) continue; // the owner's balance is untouched by a transaction that does not name it
    change += landed.meta.postBalances[index] - landed.meta.preBalances[index];
  }
  return change;
}

/** How long a confirmed transaction's record may take to reach the node the page reads: tries, and the pause after each. */
export const RECORD_WAIT = { tries: 12, ms: 500 } as const;

/**
 * The owner's change over `signatures` once the chain has recorded every one of them: a node may confirm a transaction
 * a moment before its getTransaction answers. Undefined when it still has no record after RECORD_WAIT: the caller
 * says the figure is pending, never an estimate in its place.
 */
export async function ownerChangeWhenRecorded(
  connection: TransactionReader,
  owner: string,
  signatures: readonly string[],
  wait: (ms: number) => Promise<unknown>,
): Promise<number | undefined> {
  for (let attempt = 1; ; attempt++) {
    const change = await ownerChangeOnChain(connection, owner, signatures);
    if (change !== undefined || attempt >= RECORD_WAIT.tries) return change;
    await wait(RECORD_WAIT.ms);
  }
}
