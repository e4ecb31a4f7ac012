// Relays only transactions this server prepared (same message bytes), signed by their owner; reports the rent
// actually recovered from the on-chain change of the closed accounts.
import { VersionedTransaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { AppError, appError, isRateLimited, RateLimitedError, RpcError, ValidationError } from '../../errors';
import { SERVER_ERRORS } from '../../../src/common/texts/serverErrorTexts';
import type { PreparedBurn, PreparedBurnStore } from './vacantPrepared';

export const NOT_PREPARED =
  'This transaction was not prepared by this server, or it was changed after preparing. Nothing was sent.';
export const NOT_SIGNED_BY_OWNER =
  'The transaction is not signed by the wallet that owns the accounts. Nothing was sent.';

export interface SubmittedBurn {
  signature: string;
  accountCount: number;
  /** Everything returned to the owner before fees: the closed accounts' lamports plus the surplus withdrawn. */
  recoveredRent: number;
  /** The part of recoveredRent withdrawn from kept accounts (WithdrawExcessLamports), and from how many. */
  surplusRecovered: number;
  surplusAccountCount: number;
  /** The part of recoveredRent that came from the recovery sources (stake, buffers, nonces, lookup tables). */
  sourcesRecovered: number;
  serviceFee: number;
  /** Owner's balance after − before (recovered rent − service fee − network fees). */
  ownerBalanceChange: number;
  feeWalletBalanceChange: number;
}

export interface Checked {
  bytes: Buffer;
  message: Uint8Array;
  prepared: PreparedBurn;
}

/** Decodes and checks every transaction before any is sent: one bad transaction stops the whole submission. */
export function checkSubmitted(store: PreparedBurnStore, base64s: string[]): Checked[] {
  return base64s.map((b64) => {
    const bytes = Buffer.from(b64, 'base64');
    let tx: VersionedTransaction;
    try {
      tx = VersionedTransaction.deserialize(bytes);
    } catch {
      throw appError(400, 'not_serialized');
    }
    const message = tx.message.serialize();
    const prepared = store.get(message);
    if (!prepared) throw ValidationError(NOT_PREPARED);
    // The owner signs at its own place: first (fee payer) or, when the relayer pays the fee, second.
    const keys = tx.message.staticAccountKeys;
    const expectedPayer = prepared.feePayer ?? prepared.owner;
    const ownerIndex = keys.findIndex((k) => k.toBase58() === prepared.owner);
    const sig = tx.signatures[ownerIndex];
    if (
      keys[0]?.toBase58() !== expectedPayer ||
      ownerIndex < 0 ||
      ownerIndex >= tx.message.header.numRequiredSignatures ||
      !sig ||
      !nacl.sign.detached.verify(message, sig, keys[ownerIndex].toBytes())
    )
      throw ValidationError(NOT_SIGNED_BY_OWNER);
    return { bytes, message, prepared };
  });
}

/**
 * A send the node refused: chain errors the user caused or can fix are 400s with the chain's own words; the client
 * maps them (docs/PRODUCT.md#error-texts).
 */
export function sendFailure(err: unknown): AppError {
  if (isRateLimited(err)) return RateLimitedError(); // still limited after the RPC client's backoff: not sent
  const message = err instanceof RpcError || err instanceof Error ? err.message : String(err);
  return new AppError(400, 'send_failed', message || SERVER_ERRORS.send_failed);
}

/** An account's lamports before and after the recovery ran; undefined when the transaction did not name it. */
export type LamportsAround = (address: string) => { before: number; after: number } | undefined;

/** The recorded figures of one landed recovery, read from each prepared account's lamports around it (the chain's). */
export function figuresOf(prepared: PreparedBurn, signature: string, lamports: LamportsAround): SubmittedBurn {
  const drop = (address: string) => {
    const l = lamports(address);
    return l && l.before > l.after ? l.before - l.after : 0;
  };
  const change = (address: string) => {
    const l = lamports(address);
    return l ? l.after - l.before : 0;
  };
  let recoveredRent = 0;
  let accountCount = 0;
  for (const { address } of prepared.accounts) {
    const l = lamports(address);
    if (l && l.after === 0 && l.before > 0) {
      recoveredRent += l.before;
      accountCount++;
    }
  }
  let surplusRecovered = 0;
  let surplusAccountCount = 0;
  for (const { address } of prepared.withdrawals ?? []) {
    const back = drop(address);
    if (back > 0) {
      surplusRecovered += back;
      surplusAccountCount++;
    }
  }
  // The recovery sources' accounts count like surplus sources: what each lost went to the owner.
  let sourcesRecovered = 0;
  for (const { address } of prepared.recoveries ?? []) sourcesRecovered += drop(address);
  return {
    signature,
    accountCount,
    recoveredRent: recoveredRent + surplusRecovered + sourcesRecovered,
    surplusRecovered,
    sourcesRecovered,
    surplusAccountCount,
    serviceFee: prepared.serviceFee,
    ownerBalanceChange: change(prepared.owner),
    feeWalletBalanceChange: change(prepared.feeWallet),
  };
}
