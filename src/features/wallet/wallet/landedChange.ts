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
