// Decodes and sanity-checks raw transaction bytes before anything reaches LiteSVM: a Rust panic there would abort
// the whole Node process, so malformed input must be refused here with a JSON-RPC error instead.
import { AddressLookupTableAccount, PublicKey, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { RpcError } from './txErrors';

export const PACKET_DATA_SIZE = 1232;

export interface DecodedTransaction {
  bytes: Uint8Array;
  tx: VersionedTransaction;
  signature: string; // base58 of the first signature
  version: 'legacy' | 0;
  blockhash: string;
  accountKeys: string[]; // static keys, then writable lookups, then readonly lookups
  writable: boolean[];
  signers: Set<string>;
  loadedAddresses: { writable: string[]; readonly: string[] };
  instructions: { programIdIndex: number; accountKeyIndexes: number[]; data: Uint8Array }[];
  lookupsResolved: boolean;
}

type LookupReader = (address: string) => { owner: string; data: Uint8Array } | null;
const ALT_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';

export function decodeTransaction(bytes: Uint8Array, readAccount: LookupReader): DecodedTransaction {
  if (bytes.length > PACKET_DATA_SIZE)
    throw new RpcError(
      -32602,
      `decoded solana_sdk::transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`,
    );
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(bytes);
  } catch (e) {
    throw new RpcError(
      -32602,
      `failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: ${(e as Error).message}`,
    );
  }
  const msg = tx.message;
  const header = msg.header;
  const statics = msg.staticAccountKeys.map((k) => k.toBase58());
  const invalid = (why: string) => new RpcError(-32602, `invalid transaction: ${why}`);
  if (tx.signatures.length !== header.numRequiredSignatures || header.numRequiredSignatures === 0)
    throw invalid('Transaction failed to sanitize accounts offsets correctly');
  if (
    header.numReadonlySignedAccounts >= header.numRequiredSignatures ||
    header.numRequiredSignatures + header.numReadonlyUnsignedAccounts > statics.length
  )
    throw invalid('Transaction failed to sanitize accounts offsets correctly');
  if (new Set(statics).size !== statics.length) throw invalid('Transaction loads an account twice');

  const writableLookups: string[] = [];
  const readonlyLookups: string[] = [];
  let lookupsResolved = true;
  for (const l of msg.addressTableLookups) {
    const acc = readAccount(l.accountKey.toBase58());
    if (!acc || acc.owner !== ALT_PROGRAM) {
      lookupsResolved = false;
      break;
    }
    let table: AddressLookupTableAccount;
    try {
      table = new AddressLookupTableAccount({
        key: l.accountKey,
        state: AddressLookupTableAccount.deserialize(acc.data),
      });
    } catch {
      lookupsResolved = false;
      break;
    }
    const pick = (i: number) => table.state.addresses[i]?.toBase58();
    for (const i of l.writableIndexes) {
      const a = pick(i);
      if (!a) lookupsResolved = false;
      else writableLookups.push(a);
    }
    for (const i of l.readonlyIndexes) {
      const a = pick(i);
      if (!a) lookupsResolved = false;
      else readonlyLookups.push(a);
    }
  }
  const lookupCount = msg.addressTableLookups.reduce(
    (n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length,
    0,
  );
  const total = statics.length + lookupCount;
  const instructions = msg.compiledInstructions.map((ix) => ({
    programIdIndex: ix.programIdIndex,
    accountKeyIndexes: [...ix.accountKeyIndexes],
    data: Uint8Array.from(ix.data),
  }));
  for (const ix of instructions) {
    if (ix.programIdIndex === 0 || ix.programIdIndex >= statics.length || ix.accountKeyIndexes.some((i) => i >= total))
      throw invalid('Transaction failed to sanitize accounts offsets correctly');
  }
  const accountKeys = lookupsResolved ? [...statics, ...writableLookups, ...readonlyLookups] : statics;
  const writable = accountKeys.map((_, i) =>
    i < statics.length ? msg.isAccountWritable(i) : i < statics.length + writableLookups.length,
  );
  const signature = bs58.encode(tx.signatures[0]);
  return {
    bytes,
    tx,
    signature,
    version: msg.version === 'legacy' ? 'legacy' : 0,
    blockhash: msg.recentBlockhash,
    accountKeys,
    writable,
    signers: new Set(statics.slice(0, header.numRequiredSignatures)),
    loadedAddresses: { writable: writableLookups, readonly: readonlyLookups },
    instructions,
    lookupsResolved,
  };
}

export function isValidAddress(s: unknown): s is string {
  if (typeof s !== 'string' || s.length < 32 || s.length > 44) return false;
  try {
    return new PublicKey(s).toBytes().length === 32;
  } catch {
    return false;
  }
}
