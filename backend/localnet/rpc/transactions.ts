// getTransaction: the recorded meta (fee, balances, err, logs) and the transaction in json or base64 encoding.
import bs58 from 'bs58';
import { VersionedTransaction } from '@solana/web3.js';
import type { Chain } from '../chain';
import { RpcError } from '../txErrors';
import { configParam, invalidParams } from './params';

export function getTransaction(chain: Chain, p: unknown[]) {
  const [sig] = p;
  if (typeof sig !== 'string') throw invalidParams('expected a signature');
  const config =
    typeof p[1] === 'string'
      ? { encoding: 'json' }
      : configParam<{ encoding?: string; maxSupportedTransactionVersion?: number }>(p[1]);
  const s = chain.visibleStatus(sig);
  if (!s) return null;
  if (s.version !== 'legacy' && config.maxSupportedTransactionVersion === undefined)
    throw new RpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  const meta = {
    err: s.err,
    status: s.err ? { Err: s.err } : { Ok: null },
    fee: s.fee,
    preBalances: s.preBalances,
    postBalances: s.postBalances,
    logMessages: s.logs,
    innerInstructions: [],
    preTokenBalances: [],
    postTokenBalances: [],
    rewards: [],
    loadedAddresses: s.loadedAddresses,
    computeUnitsConsumed: s.unitsConsumed,
  };
  const encoding = config.encoding ?? 'json';
  let transaction: unknown;
  if (!s.tx)
    transaction = {
      signatures: [sig],
      message: {
        accountKeys: s.accountKeys,
        header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 0 },
        instructions: [],
        recentBlockhash: chain.latestBlockhash().blockhash,
      },
    };
  else if (encoding === 'base64') transaction = [s.tx, 'base64'];
  else if (encoding === 'base58') transaction = [bs58.encode(Buffer.from(s.tx, 'base64')), 'base58'];
  else {
    const tx = VersionedTransaction.deserialize(Buffer.from(s.tx, 'base64'));
    const m = tx.message;
    const parsed = encoding === 'jsonParsed';
    const keys = m.staticAccountKeys.map((k, i) =>
      parsed
        ? {
            pubkey: k.toBase58(),
            signer: i < m.header.numRequiredSignatures,
            writable: m.isAccountWritable(i),
            source: 'transaction',
          }
        : k.toBase58(),
    );
    const allKeys = s.accountKeys;
    transaction = {
      signatures: tx.signatures.map((x) => bs58.encode(x)),
      message: {
        accountKeys: keys,
        header: m.header,
        recentBlockhash: m.recentBlockhash,
        instructions: m.compiledInstructions.map((ix) =>
          parsed
            ? {
                programId: allKeys[ix.programIdIndex],
                accounts: ix.accountKeyIndexes.map((i) => allKeys[i]),
                data: bs58.encode(ix.data),
                stackHeight: null,
              }
            : {
                programIdIndex: ix.programIdIndex,
                accounts: ix.accountKeyIndexes,
                data: bs58.encode(ix.data),
                stackHeight: null,
              },
        ),
        ...(m.version === 0
          ? {
              addressTableLookups: m.addressTableLookups.map((l) => ({
                accountKey: l.accountKey.toBase58(),
                writableIndexes: l.writableIndexes,
                readonlyIndexes: l.readonlyIndexes,
              })),
            }
          : {}),
      },
    };
  }
  return { slot: s.slot, blockTime: s.blockTime, meta, transaction, version: s.version };
}
