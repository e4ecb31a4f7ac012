// LiteSVM error objects → the TransactionError JSON a Solana RPC answers (`"BlockhashNotFound"`,
// `{ InstructionError: [0, { Custom: 1 }] }`, ...). The enum order mirrors solana-sdk, as LiteSVM's does.
import type { FailedTransactionMetadata } from 'litesvm';

export type TransactionErrorJson = string | Record<string, unknown>;

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

export const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;

export function transactionErrorJson(e: LiteSvmError): TransactionErrorJson {
  if (typeof e === 'number') return TRANSACTION_ERRORS[e] ?? `TransactionError(${e})`;
  const kind = e.constructor.name;
  if (kind === 'TransactionErrorInstructionError') {
    const ie = (e as { err(): unknown; index: number }).err();
    const index = (e as { index: number }).index;
    if (typeof ie === 'number') return { InstructionError: [index, INSTRUCTION_ERRORS[ie] ?? 'GenericError'] };
    if (ie && typeof ie === 'object' && 'code' in ie)
      return { InstructionError: [index, { Custom: Number((ie as { code: number }).code) }] };
    return { InstructionError: [index, { BorshIoError: String(ie) }] };
  }
  if (kind === 'TransactionErrorInsufficientFundsForRent')
    return { InsufficientFundsForRent: { account_index: (e as { accountIndex: number }).accountIndex } };
  if (kind === 'TransactionErrorDuplicateInstruction') return { DuplicateInstruction: (e as { index: number }).index };
  if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted')
    return { ProgramExecutionTemporarilyRestricted: { account_index: (e as { accountIndex: number }).accountIndex } };
  return String(e);
}

/** A JSON-RPC error answered to the client (`{ code, message, data }`). */
export class RpcError extends Error {
  name = 'RpcError';
  constructor(
    public readonly code: number,
    message: string,
    public readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Thrown by a send the `failNextSends(n, '429')` fault refused; the HTTP route answers with `httpStatus`. */
export class RateLimitedError extends RpcError {
  name = 'RateLimitedError';
  readonly httpStatus = 429;
  constructor() {
    super(429, 'Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.');
  }
}
