// The landed-memo proof of an authorisation (src/chain/authorizationMemo.ts; PRODUCT difference 11): the owner's
// wallet sent, with the queue's delegations, a transaction whose only instruction is the memo of SHA-256(text), besides
// what the wallet's own guard may add.
// Read from the chain at 'confirmed': it succeeded, the owner alone signed and paid for it, and it does nothing
// but that memo. Only the owner can have sent a transaction the owner signed; the hash ties it to this one text.
import { createHash } from 'crypto';
import { VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { authorizationMemoOf } from '../../../src/chain/authorizationMemo';
import { decodeTransaction } from '../../../src/chain/decode';
import { MEMO_PROGRAM } from '../../../src/chain/guardAuthorizationMemo';
import { payloadOrRefusal } from '../../../src/chain/walletAdditionsCheck';
import { AppError, ForbiddenError } from '../../errors';
import type { RpcClient } from '../rpc/rpc';
import { fetchLanded } from '../vacant/vacantSent';

export const MEMO_PROOF_REFUSALS = {
  notLanded: 'The authorisation transaction is not on the chain. Nothing was done.',
  failed: 'The authorisation transaction failed on chain. Nothing was done.',
  notOwner: 'The authorisation transaction was not signed by this wallet alone. Nothing was done.',
  other: 'The authorisation transaction does not hold exactly this authorisation. Nothing was done.',
} as const;

/** The memo the owner's transaction must hold for this text. */
export const expectedMemoOf = (text: string): string =>
  authorizationMemoOf(createHash('sha256').update(text, 'utf8').digest('hex'));

/** Throws a 403 unless `signature` is a landed, successful transaction of `owner` holding only the text's memo. */
export async function verifyLandedMemo(rpc: RpcClient, owner: string, text: string, signature: string): Promise<void> {
  let landed;
  try {
    landed = await fetchLanded(rpc, signature);
  } catch (err) {
    // Not found is the owner's problem (nothing landed); an RPC failure stays a 5xx (the nonce is not spent).
    if (err instanceof AppError && err.status === 404) throw ForbiddenError(MEMO_PROOF_REFUSALS.notLanded);
    throw err;
  }
  if (landed.meta!.err) throw ForbiddenError(MEMO_PROOF_REFUSALS.failed);
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(landed.transaction[0], 'base64'));
  } catch {
    throw ForbiddenError(MEMO_PROOF_REFUSALS.other);
  }
  const message = tx.message;
  const keys = message.staticAccountKeys.map((k) => k.toBase58());
  if (bs58.encode(tx.signatures[0]) !== signature) throw ForbiddenError(MEMO_PROOF_REFUSALS.other);
  if (message.header.numRequiredSignatures !== 1 || keys[0] !== owner)
    throw ForbiddenError(MEMO_PROOF_REFUSALS.notOwner);
  const lookups = 'addressTableLookups' in message ? message.addressTableLookups.length : 0;
  // Besides the memo, only what a wallet's own guard adds (src/chain/walletAdditionsCheck.ts).
  const payload = payloadOrRefusal(decodeTransaction(tx));
  if (lookups > 0 || typeof payload === 'string' || payload.length !== 1)
    throw ForbiddenError(MEMO_PROOF_REFUSALS.other);
  const [ix] = payload;
  if (ix.programId !== MEMO_PROGRAM || ix.accounts.some((a) => a.pubkey !== owner))
    throw ForbiddenError(MEMO_PROOF_REFUSALS.other);
  if (Buffer.from(ix.data).toString('utf8') !== expectedMemoOf(text)) throw ForbiddenError(MEMO_PROOF_REFUSALS.other);
}
