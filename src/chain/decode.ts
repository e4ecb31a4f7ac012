// One shape for legacy and v0 transactions, whether they arrive as bytes, base64 or web3.js objects.
import { PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';

export interface DecodedAccount {
  pubkey: string;
  isSigner: boolean;
  isWritable: boolean;
}
export interface DecodedInstruction {
  programId: string;
  accounts: DecodedAccount[];
  data: Uint8Array;
}
export interface DecodedTransaction {
  version: 'legacy' | number;
  feePayer: string;
  signers: string[];
  recentBlockhash: string;
  instructions: DecodedInstruction[];
  /** v0 lookup tables: their accounts cannot be known without the chain, so callers treat them as unknown. */
  usesLookupTables: boolean;
}

export type TransactionInput = Uint8Array | string | Transaction | VersionedTransaction;

function toVersioned(input: TransactionInput): VersionedTransaction {
  if (input instanceof VersionedTransaction) return input;
  if (input instanceof Transaction) {
    // A transaction checked before its blockhash is set: the blockhash changes nothing the guard looks at.
    const missing = !input.recentBlockhash;
    if (missing) input.recentBlockhash = PublicKey.default.toBase58();
    try {
      return VersionedTransaction.deserialize(
        input.serialize({ requireAllSignatures: false, verifySignatures: false }),
      );
    } finally {
      if (missing) input.recentBlockhash = undefined;
    }
  }
  const bytes = typeof input === 'string' ? Buffer.from(input, 'base64') : input;
  return VersionedTransaction.deserialize(bytes);
}

/** Throws when the input is not a well-formed transaction. */
export function decodeTransaction(input: TransactionInput): DecodedTransaction {
  const tx = toVersioned(input);
  const message = tx.message;
  const keys = message.staticAccountKeys;
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = message.header;
  const isWritable = (i: number) =>
    i < numRequiredSignatures
      ? i < numRequiredSignatures - numReadonlySignedAccounts
      : i < keys.length - numReadonlyUnsignedAccounts;
  const lookups = message.addressTableLookups ?? [];
  const accountAt = (i: number): DecodedAccount => {
    if (i >= keys.length) return { pubkey: `lookup#${i}`, isSigner: false, isWritable: true };
    return { pubkey: keys[i].toBase58(), isSigner: i < numRequiredSignatures, isWritable: isWritable(i) };
  };
  return {
    version: tx.version,
    feePayer: keys[0]?.toBase58() ?? PublicKey.default.toBase58(),
    signers: keys.slice(0, numRequiredSignatures).map((k) => k.toBase58()),
    recentBlockhash: message.recentBlockhash,
    usesLookupTables: lookups.length > 0,
    instructions: message.compiledInstructions.map((ix) => ({
      programId: accountAt(ix.programIdIndex).pubkey,
      accounts: ix.accountKeyIndexes.map(accountAt),
      data: ix.data,
    })),
  };
}
