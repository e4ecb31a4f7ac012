// Running one transaction on the local chain: the emulated Metaplex programs prepare their changes first (and may
// refuse, as the program would), LiteSVM executes the rest for real, and only then are the emulated changes applied.
// A landed transaction (success, or failure after fee payment) is recorded with its balances and priority fee.
import { FailedTransactionMetadata, type SimulatedTransactionInfo, TransactionMetadata } from 'litesvm';
import { getTransactionDecoder } from '@solana/kit';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import type { Chain } from './chain';
import type { ChainAccount, TxResult } from './chainTypes';
import type { DecodedTransaction } from './decode';
import { EmulatedProgramError } from './emulated/types';
import { computeUnitPrice, messageFee } from './fees';
import { transactionErrorJson } from './txErrors';

export interface ExecuteOptions {
  simulate: boolean;
  sigVerify: boolean;
  skipBlockhash?: boolean;
  accounts?: string[];
  replacement?: { blockhash: string; lastValidBlockHeight: number };
}

const decoder = getTransactionDecoder();
const balancesOf = (chain: Chain, d: DecodedTransaction) => d.accountKeys.map((k) => Number(chain.getBalance(k)));

/** Executes and, if it gets past fee payment, records the transaction. Never throws for a runtime failure. */
export function executeTransaction(chain: Chain, d: DecodedTransaction, o: ExecuteOptions): TxResult {
  const base = { signature: d.signature, unitsConsumed: 0, fee: messageFee(d), replacementBlockhash: o.replacement };
  if (!o.skipBlockhash && !chain.isBlockhashValid(d.blockhash))
    return { ...base, err: 'BlockhashNotFound', logs: [], fee: 0 };
  if (chain.statuses.has(d.signature)) return { ...base, err: 'AlreadyProcessed', logs: [], fee: 0 };
  const applies: (() => void)[] = [];
  const lamportApplies: (() => void)[] = [];
  for (const [index, ix] of d.instructions.entries()) {
    const programId = d.accountKeys[ix.programIdIndex];
    const emulator = chain.emulators.get(programId);
    if (!emulator) continue;
    if (!d.lookupsResolved) return { ...base, err: 'AddressLookupTableNotFound', logs: [], fee: 0 };
    try {
      applies.push(
        emulator.prepare(
          {
            index,
            programId,
            data: ix.data,
            accounts: ix.accountKeyIndexes.map((i) => ({
              pubkey: d.accountKeys[i],
              isSigner: d.signers.has(d.accountKeys[i]),
              isWritable: d.writable[i],
            })),
          },
          { chain, signers: d.signers },
        ),
      );
      if (emulator.lamportEffects) lamportApplies.push(applies[applies.length - 1]);
    } catch (e) {
      if (!(e instanceof EmulatedProgramError)) throw e;
      const logs = [
        `Program ${programId} invoke [1]`,
        `Program log: ${e.message}`,
        `Program ${programId} failed: custom program error: 0x${e.code.toString(16)}`,
      ];
      const failed: TxResult = { ...base, err: { InstructionError: [index, { Custom: e.code }] }, logs };
      return o.simulate ? failed : chargeFailed(chain, d, failed);
    }
  }
  const kitTx = decoder.decode(d.bytes);
  const preBalances = balancesOf(chain, d);
  let r: FailedTransactionMetadata | SimulatedTransactionInfo | TransactionMetadata;
  if (o.simulate) {
    if (!o.sigVerify) chain.svm.withSigverify(false);
    try {
      r = chain.svm.simulateTransaction(kitTx);
    } finally {
      if (!o.sigVerify) chain.svm.withSigverify(true);
    }
  } else r = chain.svm.sendTransaction(kitTx);
  const failed = r instanceof FailedTransactionMetadata;
  const meta = r instanceof TransactionMetadata ? r : r.meta();
  const result: TxResult = {
    ...base,
    err: r instanceof FailedTransactionMetadata ? transactionErrorJson(r.err()) : null,
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
  };
  if (o.simulate) {
    if (!failed && o.accounts) {
      const post = new Map<string, ChainAccount>();
      for (const a of (r as SimulatedTransactionInfo).postAccounts())
        post.set(a.address, {
          lamports: BigInt(a.lamports),
          data: a.data as Uint8Array,
          owner: a.programAddress,
          executable: a.executable,
        });
      result.postAccounts = lamportApplies.length ? chain.simulateEmulated(post, lamportApplies, o.accounts) : post;
    }
    return result;
  }
  if (!failed) {
    for (const apply of applies) {
      // The transaction has landed in LiteSVM; a faulty emulator must not lose its status, so it only logs.
      try {
        apply();
      } catch (e) {
        result.logs.push(`Program log: local emulator failed to apply its change: ${(e as Error).message}`);
      }
    }
  }
  const postBalances = balancesOf(chain, d);
  // A transaction that failed before fee payment (bad signature, duplicate, no funds) leaves no trace on a cluster.
  const landed = !failed || postBalances[0] !== preBalances[0];
  if (!landed) return { ...result, fee: 0 };
  recordLanded(chain, d, result, preBalances, postBalances);
  chain.emit(
    'accounts',
    d.accountKeys.filter((_, i) => d.writable[i]),
  );
  return result;
}

/** An emulated program refused: as on a cluster the fee is charged and the failed transaction is recorded. */
function chargeFailed(chain: Chain, d: DecodedTransaction, r: TxResult): TxResult {
  if (!verifySignatures(d)) return { ...r, err: 'SignatureFailure', fee: 0 };
  const payer = chain.getAccount(d.accountKeys[0]);
  if (!payer || payer.lamports < BigInt(r.fee))
    return { ...r, err: payer ? 'InsufficientFundsForFee' : 'AccountNotFound', fee: 0 };
  const preBalances = balancesOf(chain, d);
  chain.setAccount(d.accountKeys[0], { ...payer, lamports: payer.lamports - BigInt(r.fee) });
  recordLanded(chain, d, { ...r, unitsConsumed: 0 }, preBalances, balancesOf(chain, d));
  return r;
}

/** The priority fee it paid (for getRecentPrioritizationFees) and its signature record. */
function recordLanded(chain: Chain, d: DecodedTransaction, r: TxResult, preBalances: number[], postBalances: number[]) {
  chain.priorityFees.record(
    chain.slot(),
    computeUnitPrice(d),
    d.accountKeys.filter((_, i) => d.writable[i]),
  );
  chain.record(d.signature, {
    err: r.err,
    fee: r.fee,
    logs: r.logs,
    unitsConsumed: r.unitsConsumed,
    accountKeys: d.accountKeys,
    preBalances,
    postBalances,
    loadedAddresses: d.loadedAddresses,
    version: d.version,
    tx: Buffer.from(d.bytes).toString('base64'),
  });
}

function verifySignatures(d: DecodedTransaction): boolean {
  const message = d.tx.message.serialize();
  return d.tx.signatures.every((sig, i) => nacl.sign.detached.verify(message, sig, bs58.decode(d.accountKeys[i])));
}
