import { type Connection, type Transaction, VersionedTransaction } from '@solana/web3.js';

/**
 * The program's verdict on a legacy transaction, simulated on the chain's newest blockhash. web3.js v1's
 * simulateTransaction(Transaction) puts its own cached blockhash into the transaction, whatever the test set; on a
 * loaded machine that one may have run out, and the answer is BlockhashNotFound instead of the program's error.
 */
export async function simulateOnLatest(connection: Connection, tx: Transaction) {
  const versioned = new VersionedTransaction(tx.compileMessage());
  return connection.simulateTransaction(versioned, { replaceRecentBlockhash: true, sigVerify: false });
}
