// The human text a validator puts into "Transaction simulation failed: ..." for common errors.
import type { TransactionErrorJson } from '../txErrors';

const TEXT: Record<string, string> = {
  BlockhashNotFound: 'Blockhash not found',
  AlreadyProcessed: 'This transaction has already been processed',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  SignatureFailure: 'Transaction did not pass signature verification',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
};

export function simulateErrorMessage(err: TransactionErrorJson | null): string {
  if (typeof err === 'string') return TEXT[err] ?? err;
  if (err && 'InstructionError' in err) {
    const [index, ie] = err.InstructionError as [number, unknown];
    const what =
      typeof ie === 'string'
        ? ie
        : ie && typeof ie === 'object' && 'Custom' in ie
          ? `custom program error: 0x${Number((ie as { Custom: number }).Custom).toString(16)}`
          : JSON.stringify(ie);
    return `Error processing Instruction ${index}: ${what}`;
  }
  return JSON.stringify(err);
}
