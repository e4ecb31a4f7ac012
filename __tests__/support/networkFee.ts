import { ComputeBudgetProgram, type Transaction } from '@solana/web3.js';
import { LAMPORTS_PER_SIGNATURE } from '../../src/common/constants';
import { priorityFeeLamports } from '../../src/chain/fees';

/** What the runtime charges for one transaction: signatures + ceil(compute-unit limit × price / 10⁶). */
export function networkFee(tx: Transaction): number {
  let units = 200_000;
  let price = 0;
  for (const ix of tx.instructions) {
    if (!ix.programId.equals(ComputeBudgetProgram.programId)) continue;
    if (ix.data[0] === 2) units = ix.data.readUInt32LE(1);
    if (ix.data[0] === 3) price = Number(ix.data.readBigUInt64LE(1));
  }
  return LAMPORTS_PER_SIGNATURE * tx.signatures.length + priorityFeeLamports(units, price);
}
