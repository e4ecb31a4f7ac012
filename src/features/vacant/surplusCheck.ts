// The surplus withdrawals a server-built transaction asks for (PRODUCT difference 13): their sources, which the
// guard's chain rule (src/chain/chainRuleSurplus.ts) then checks on chain, with the surplus read from the chain.
import { decodeTransaction, type TransactionInput } from '../../chain/decode';
import { WITHDRAW_EXCESS_LAMPORTS_TAG } from '../../chain/withdrawExcess';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../common/addresses';

const isTokenProgram = (id: string) => id === TOKEN_PROGRAM || id === TOKEN_2022_PROGRAM;

/** Sources of every WithdrawExcessLamports in the transactions (deduplicated). */
export function surplusSourcesIn(transactions: readonly TransactionInput[]): string[] {
  const out = new Set<string>();
  for (const t of transactions) {
    for (const ix of decodeTransaction(t).instructions) {
      if (isTokenProgram(ix.programId) && ix.data[0] === WITHDRAW_EXCESS_LAMPORTS_TAG && ix.accounts[0])
        out.add(ix.accounts[0].pubkey);
    }
  }
  return [...out];
}
