// The guard judges the whole request, not each transaction alone (PRODUCT difference 10). Each transaction of a
// request is read and simulated against today's chain, so an account closed, withdrawn, burned or revoked by two
// transactions would count its lamports twice: in the figure shown and in the 1 % fee ceiling, while on chain only the
// first copy succeeds. A JSON-RPC `simulateTransaction` runs one transaction against the current bank and cannot
// chain a request's transactions (https://solana.com/docs/rpc/http/simulatetransaction), so the guard refuses by rule
// any request that acts on an account twice; what remains is exactly what per-transaction simulation measures.
import { chainRuleFor } from './chainRules';
import { cnftAssetOf } from './cnftTarget';
import type { DecodedInstruction, DecodedTransaction } from './decode';
import type { GuardKind } from './guardRules';

interface Action {
  /** The chain rule's name (e.g. "nonce account withdrawal"), or "cNFT" for a Bubblegum leaf instruction. */
  what: string;
  accounts: string[];
}

/**
 * What an instruction acts on: a compressed NFT's asset id, or the accounts its chain rule reads, which are the
 * accounts it closes, withdraws from, burns or revokes (src/chain/chainRules.ts). Compute budget, transfers, memos
 * and harvests act on nothing here.
 */
function actionOf(ix: DecodedInstruction, kind: GuardKind): Action | null {
  const asset = cnftAssetOf(ix);
  if (asset) return { what: 'cNFT', accounts: [asset] };
  const rule = chainRuleFor(ix, kind);
  return rule ? { what: rule.name, accounts: rule.reads(ix).filter(Boolean) } : null;
}

/**
 * The refusal for a request that acts on one account twice (the same action again, or any action in a second
 * transaction), or null. Within one transaction a burn then a close of the same account is one act: the chain rules
 * check that order, and the transaction's simulation measures it whole.
 */
export function repeatedAction(txs: readonly DecodedTransaction[], kind: GuardKind): string | null {
  const done = new Set<string>();
  const transactionOf = new Map<string, number>();
  for (const [t, tx] of txs.entries())
    for (const ix of tx.instructions) {
      const action = actionOf(ix, kind);
      if (!action) continue;
      for (const account of action.accounts) {
        const first = transactionOf.get(account) ?? t;
        const key = `${action.what} ${account}`;
        if (done.has(key) || first !== t)
          return `transaction ${t}: ${action.what} of ${account} again (also in transaction ${first}): an account is acted on once per request`;
        done.add(key);
        transactionOf.set(account, t);
      }
    }
  return null;
}
