// Lamports of many accounts read from the chain itself (never through the page), 100 a call as the RPC allows;
// a missing account reads as 0.
import { PublicKey, type Commitment, type Connection } from '@solana/web3.js';

export async function lamportsOf(
  connection: Connection,
  addresses: string[],
  commitment?: Commitment,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < addresses.length; i += 100) {
    const keys = addresses.slice(i, i + 100).map((a) => new PublicKey(a));
    const infos = await connection.getMultipleAccountsInfo(keys, commitment);
    out.push(...infos.map((a) => a?.lamports ?? 0));
  }
  return out;
}
