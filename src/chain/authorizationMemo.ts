// The queue's one-approval authorisation (PRODUCT difference 11, "Which request your wallet sees"): the owner's
// wallet sends, in the same request as the delegations, a transaction whose only instruction is an SPL Memo
// holding the SHA-256 of the authorisation text (src/common/authMessage.ts). The text itself travels to the server
// beside the transaction's signature; the server checks the text by the usual rules, then reads the landed
// transaction from the chain (backend/services/auth/authVerify.ts). Only the owner can have sent a transaction signed
// by the owner, and the hash binds it to this one text (its nonce, queue and assets).
//
// The memo is `SolBack authorisation sha256:<64 lowercase hex digits>`: readable in a wallet's or an explorer's
// view of the transaction, short enough for every text (a queue of 100 cNFTs lists ~6 KB of ids; the hash is
// 64 characters whatever the text), and a fixed shape the guard and the server's send policy can match exactly.
import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { AUTHORIZATION_MEMO_COMPUTE_UNITS } from '../common/constants';
import { computeBudgetIxs } from './computeBudget';
import { MEMO_PROGRAM_ID } from './memoAuthorization';

export const AUTHORIZATION_MEMO_PREFIX = 'SolBack authorisation sha256:';
const MEMO_SHAPE = /^SolBack authorisation sha256:[0-9a-f]{64}$/;

/** The memo of this text's hash (hex digest from sha256Hex). */
export const authorizationMemoOf = (hexDigest: string): string => `${AUTHORIZATION_MEMO_PREFIX}${hexDigest}`;

/** Is this memo data exactly an authorisation hash memo (any hash)? */
export const isAuthorizationMemo = (data: Uint8Array | string): boolean =>
  MEMO_SHAPE.test(typeof data === 'string' ? data : Buffer.from(data).toString('latin1'));

/**
 * SHA-256 of the UTF-8 text, lowercase hex, by the platform's Web Crypto (browsers in a secure context, Node ≥ 19).
 * Undefined where there is none (a page over plain http on another host than localhost): the queue then asks
 * for a signed message instead (src/features/trash/queue/queueAuthorization.ts).
 */
export async function sha256Hex(text: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(new Uint8Array(digest)).toString('hex');
}

/**
 * The transaction the owner's wallet sends: fee payer the owner, our compute-budget pair (computeBudget.ts: so the
 * wallet adds none and the fee shown is the fee charged), and one memo naming only the owner (as signer).
 */
export function buildAuthorizationMemoTx(owner: string, memo: string): Transaction {
  const payer = new PublicKey(owner);
  const tx = new Transaction({ feePayer: payer });
  tx.add(
    ...computeBudgetIxs(AUTHORIZATION_MEMO_COMPUTE_UNITS),
    new TransactionInstruction({
      programId: MEMO_PROGRAM_ID,
      keys: [{ pubkey: payer, isSigner: true, isWritable: false }],
      data: Buffer.from(memo, 'utf8'),
    }),
  );
  return tx;
}
