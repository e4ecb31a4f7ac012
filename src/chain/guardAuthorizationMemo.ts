// Guard rule for the queue's authorisation memo (src/chain/authorizationMemo.ts; PRODUCT difference 11): the page
// adds it to the delegations' wallet request itself, and the guard lets through exactly that one transaction — its
// only instruction the memo of the hash the page computed, naming the owner alone — and no other memo anywhere.
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
  if (tx.instructions.length !== 1) return 'the authorisation memo must be alone in its transaction';
  const [ix] = memos;
  if (Buffer.from(ix.data).toString('utf8') !== intent.authorizationMemo) return 'a memo other than the authorisation';
  const [only, ...others] = ix.accounts;
  if (others.length > 0 || only?.pubkey !== intent.owner || !only.isSigner)
    return 'the authorisation memo must name the owner alone';
  return null;
}
