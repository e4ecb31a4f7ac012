// Guard rule for the queue's authorisation memo (src/chain/authorizationMemo.ts; PRODUCT difference 11): the page
// adds it to the delegations' wallet request itself, and the guard lets through exactly that one transaction — the
// memo of the hash the page computed, naming the owner alone, after our compute-budget pair (computeBudget.ts) and
// nothing else — and no other memo anywhere.
import { COMPUTE_BUDGET_PROGRAM } from '../common/addresses';
import { MEMO_PROGRAM_ID } from './memoAuthorization';
import type { DecodedTransaction } from './decode';

export const MEMO_PROGRAM = MEMO_PROGRAM_ID.toBase58();

export interface AuthorizationMemoIntent {
  owner: string;
  kind: string;
  /** delegateCnft: the exact memo (authorizationMemoOf) that may ride along in its own transaction. */
  authorizationMemo?: string;
}

/** null when the transaction has no memo, or is exactly the expected authorisation memo transaction; else why not. */
export function checkAuthorizationMemo(tx: DecodedTransaction, intent: AuthorizationMemoIntent): string | null {
  const memos = tx.instructions.filter((ix) => ix.programId === MEMO_PROGRAM);
  if (memos.length === 0) return null;
  if (intent.kind !== 'delegateCnft' || !intent.authorizationMemo) return 'a memo this action does not ask for';
  // Besides the memo, at most our limit and price (each checked by the guard's compute-budget rule).
  const besides = tx.instructions.filter((ix) => ix.programId !== MEMO_PROGRAM);
  const budgetTags = besides.map((ix) => (ix.programId === COMPUTE_BUDGET_PROGRAM ? ix.data[0] : -1));
  if (memos.length !== 1 || budgetTags.some((t) => t !== 2 && t !== 3) || new Set(budgetTags).size !== besides.length)
    return 'the authorisation memo must be alone in its transaction';
  const [ix] = memos;
  if (Buffer.from(ix.data).toString('utf8') !== intent.authorizationMemo) return 'a memo other than the authorisation';
  const [only, ...others] = ix.accounts;
  if (others.length > 0 || only?.pubkey !== intent.owner || !only.isSigner)
    return 'the authorisation memo must name the owner alone';
  return null;
}
