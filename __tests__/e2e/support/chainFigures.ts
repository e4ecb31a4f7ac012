// What confirmed transactions did, read from the chain's own record of them (never through the page): the network
// fee each was charged, and the lamports each took from accounts other than the owner's (closed accounts' rent,
// withdrawn surplus).
import type { Connection } from '@solana/web3.js';

const record = async (connection: Connection, signature: string) =>
  (await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;

/** The network fees the chain charged for these signatures (a priority fee a wallet added included). */
export async function feesOf(connection: Connection, signatures: string[]): Promise<number> {
  let fees = 0;
  for (const signature of signatures) fees += (await record(connection, signature)).meta!.fee;
  return fees;
}

/** Per account other than `owner`, the lamports this transaction took from it (accounts that lost none left out). */
export async function takenBy(connection: Connection, owner: string, signature: string): Promise<Map<string, number>> {
  const tx = await record(connection, signature);
  const taken = new Map<string, number>();
  tx.transaction.message.staticAccountKeys.forEach((key, i) => {
    const drop = tx.meta!.preBalances[i] - tx.meta!.postBalances[i];
    if (drop > 0 && key.toBase58() !== owner) taken.set(key.toBase58(), drop);
  });
  return taken;
}
