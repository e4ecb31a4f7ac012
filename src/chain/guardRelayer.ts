// Guard rule for the fee relayer (PRODUCT difference 15), kept apart from guard.ts: a transaction may name the server's relayer
// as fee payer only if the relayer and the owner are its only signers and it repays the relayer, from the owner,
// exactly that transaction's network fee — as the runtime charges it: 5,000 lamports per signature plus
// ceil(compute-unit limit × price / 10⁶) — never more, and the relayer appears in no other instruction.
import { COMPUTE_BUDGET_PROGRAM, SYSTEM_PROGRAM } from '../common/addresses';
import type { DecodedTransaction } from './decode';
import { baseNetworkFee, priorityFeeLamports } from './fees';

export interface RelayerIntent {
  owner: string;
  /** The relayer address the page got from the server (GET /api/relayer); unset = the owner must pay. */
  relayer?: string;
}

const isTransfer = (data: Uint8Array) => data.length === 12 && Buffer.from(data).readUInt32LE(0) === 2;

/** The network fee of a transaction as the runtime charges it, or null without an explicit compute-unit limit. */
export function transactionNetworkFee(tx: DecodedTransaction): number | null {
  let units: number | null = null;
  let price = 0n;
  for (const ix of tx.instructions) {
    if (ix.programId !== COMPUTE_BUDGET_PROGRAM) continue;
    const data = Buffer.from(ix.data);
    if (data[0] === 2 && data.length >= 5) units = data.readUInt32LE(1);
    if (data[0] === 3 && data.length >= 9) price = data.readBigUInt64LE(1);
  }
  if (units === null || price > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return baseNetworkFee(tx.signers.length) + priorityFeeLamports(units, Number(price));
}

/** null when the fee payer and any repayment are acceptable, else the reason. */
export function checkFeePayer(tx: DecodedTransaction, intent: RelayerIntent): string | null {
  const relayer = intent.relayer;
  const mentions = (ixIndex: number) =>
    relayer !== undefined && tx.instructions[ixIndex].accounts.some((a) => a.pubkey === relayer);
  if (tx.feePayer === intent.owner) {
    if (tx.signers.length !== 1) return `${tx.signers.length} signers; only the owner may sign`;
    return tx.instructions.some((_, i) => mentions(i))
      ? 'the relayer appears in a transaction it does not pay for'
      : null;
  }
  if (!relayer || tx.feePayer !== relayer) return `fee payer ${tx.feePayer} is not the owner`;
  if (tx.signers.length !== 2 || tx.signers[1] !== intent.owner)
    return 'a relayed transaction must be signed by the relayer and the owner only';
  const fee = transactionNetworkFee(tx);
  if (fee === null) return 'a relayed transaction must set its compute-unit limit';
  let repayments = 0;
  for (const [i, ix] of tx.instructions.entries()) {
    if (!mentions(i)) continue;
    const [from, to] = [ix.accounts[0]?.pubkey, ix.accounts[1]?.pubkey];
    if (
      ix.programId !== SYSTEM_PROGRAM ||
      !isTransfer(ix.data) ||
      to !== relayer ||
      from !== intent.owner ||
      ix.accounts.length !== 2
    )
      return `instruction ${i}: the relayer may only receive its repayment`;
    const lamports = Buffer.from(ix.data).readBigUInt64LE(4);
    if (lamports !== BigInt(fee))
      return `instruction ${i}: repays the relayer ${lamports} lamports, the network fee is ${fee}`;
    repayments++;
  }
  return repayments === 1 ? null : `${repayments} repayments to the relayer; exactly one is allowed`;
}
