// The surplus withdrawals a server-built transaction asks for (PRODUCT difference 13): their sources, which the
// guard's chain rule (src/chain/chainRuleSurplus.ts) then checks on chain, with the surplus read from the chain.
import { decodeTransaction, type TransactionInput } from './decode';
import { isWithdrawExcessIx } from './withdrawExcess';

/** Sources of every WithdrawExcessLamports in the transactions (deduplicated). */
export function surplusSourcesIn(transactions: readonly TransactionInput[]): string[] {
  const out = new Set<string>();
  for (const t of transactions) {
    for (const ix of decodeTransaction(t).instructions) {
      if (isWithdrawExcessIx(ix.programId, ix.data) && ix.accounts[0]) out.add(ix.accounts[0].pubkey);
    }
  }
  return [...out];
}
