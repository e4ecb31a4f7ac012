// Authorisations from wallets that cannot sign messages (many hardware-wallet set-ups; PRODUCT
// difference 11): the wallet signs a legacy transaction whose only instruction is an SPL Memo holding the exact
// authorisation text (src/common/authMessage.ts). The page builds it, the server checks it and NEITHER sends it.
//
// Why it can never land, even if someone did send it: a validator accepts a transaction only when its
// recentBlockhash is one of the cluster's last ~150 bank hashes, or — for a durable-nonce transaction — the value
// stored in a nonce account advanced by the transaction's FIRST instruction. Our blockhash is the 32 ASCII bytes of
// the server's nonce (32 hex digits), not a hash the cluster produced (bank hashes are SHA-256 outputs; hitting
// 32 bytes of hex text by chance is a 2^-128 event at best), and the only instruction is the memo, so it is no
// durable-nonce transaction either. The server refuses any other blockhash, so the page cannot be made to sign one
// that could land.
import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import { TRANSACTION_SIZE_LIMIT_BYTES, WALLET_COMPUTE_BUDGET_BYTES, WALLET_GUARD_BYTES } from '../common/constants';
import { payloadOrRefusal } from './walletAdditionsCheck';

/** SPL Memo program v2 (it requires every account it is given to be a signer). */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const HEX_NONCE = /^[0-9a-f]{32}$/;

/** The never-landing blockhash of an authorisation: the nonce's own 32 ASCII bytes, base58. */
export function neverLandingBlockhash(nonce: string): string {
  if (!HEX_NONCE.test(nonce)) throw new Error('A memo authorisation needs a 32-hex-digit server nonce');
  return bs58.encode(Buffer.from(nonce, 'ascii'));
}

/** The unsigned transaction the wallet signs: fee payer = the wallet, one memo with the text, signed by the wallet. */
export function buildMemoAuthorization(wallet: string, message: string, nonce: string): Transaction {
  const owner = new PublicKey(wallet);
  const tx = new Transaction({ feePayer: owner, recentBlockhash: neverLandingBlockhash(nonce) });
  tx.add(
    new TransactionInstruction({
      programId: MEMO_PROGRAM_ID,
      keys: [{ pubkey: owner, isSigner: true, isWritable: false }],
      data: Buffer.from(message, 'utf8'),
    }),
  );
  return tx;
}

/**
 * Does the memo transaction of this text fit the size limit, with room for what a wallet's guard adds (it has no
 * compute budget of its own)? Queues of many cNFTs list too many ids for one.
 */
export function memoAuthorizationFits(wallet: string, message: string, nonce: string): boolean {
  // One signature: its count (1 byte) and 64 bytes, then the message.
  const bytes = 1 + 64 + buildMemoAuthorization(wallet, message, nonce).serializeMessage().length;
  return bytes + WALLET_GUARD_BYTES + WALLET_COMPUTE_BUDGET_BYTES <= TRANSACTION_SIZE_LIMIT_BYTES;
}

export class MemoAuthorizationError extends Error {
  constructor(detail: string) {
    super(`Not a valid signed authorisation transaction: ${detail}`);
    this.name = 'MemoAuthorizationError';
  }
}

/**
 * Checks a signed memo authorisation (base64) for `wallet` and answers the memo's text: legacy only, one required
 * signature (the wallet's, as fee payer) that verifies, exactly one instruction besides a wallet's additions — the
 * memo, naming no account but the wallet — and the never-landing blockhash of `nonceOf(text)`. The text's own rules are checked by the caller.
 */
export function readMemoAuthorization(base64: string, wallet: string, nonceOf: (text: string) => string): string {
  const raw = Buffer.from(base64, 'base64');
  if (raw.length === 0 || raw.length > TRANSACTION_SIZE_LIMIT_BYTES) throw new MemoAuthorizationError('size');
  // Legacy message: after the signatures, the first byte is the header's signature count (< 0x80); a versioned
  // message starts with 0x80 | version.
  const sigCount = raw[0];
  if (sigCount !== 1 || raw.length < 1 + 64 + 1 || raw[1 + 64] & 0x80) throw new MemoAuthorizationError('not legacy');
  let tx: Transaction;
  try {
    tx = Transaction.from(raw);
  } catch {
    throw new MemoAuthorizationError('unreadable');
  }
  const payer = tx.feePayer?.toBase58();
  if (payer !== wallet || tx.signatures.length !== 1) throw new MemoAuthorizationError('fee payer');
  // Besides the memo, only what a wallet's own guard adds (walletAdditionsCheck.ts).
  const payload = payloadOrRefusal({
    instructions: tx.instructions.map((i) => ({
      programId: i.programId.toBase58(),
      accounts: i.keys.map((k) => ({ ...k, pubkey: k.pubkey.toBase58() })),
      data: i.data,
    })),
  });
  if (typeof payload === 'string' || payload.length !== 1) throw new MemoAuthorizationError('instructions');
  const [ix] = payload;
  if (ix.programId !== MEMO_PROGRAM_ID.toBase58()) throw new MemoAuthorizationError('program');
  if (ix.accounts.some((k) => k.pubkey !== wallet)) throw new MemoAuthorizationError('accounts');
  let text: string;
  let expected: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(ix.data);
    expected = neverLandingBlockhash(nonceOf(text));
  } catch {
    throw new MemoAuthorizationError('memo text');
  }
  if (tx.recentBlockhash !== expected) throw new MemoAuthorizationError('blockhash');
  if (!tx.verifySignatures()) throw new MemoAuthorizationError('signature');
  return text;
}
