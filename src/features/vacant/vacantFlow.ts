// The vacant-burn steps of spec §4.5 / §8.1: list → prepare → guard → one approval → submit → report.
// Pure of Redux: the listener passes the calls in, so a test can run the flow against a real server.
import { Transaction } from '@solana/web3.js';
import { describeApiError } from '../../api/apiError';
import { classifyError, errorDetail } from '../../chain/classifyError';
import { serviceFee } from '../../chain/fees';
import type { TransactionInput } from '../../chain/decode';
import type { ChainGuardContext } from '../../chain/chainGuard';
import { type ServerWallets, pinnedWallets } from '../../common/builtWallets';
import { formatUnits } from '../../chain/format';
import { VACANT_ACCOUNTS_PLACEHOLDER_SIGNATURE } from '../../common/constants';
import {
  VACANT_ERRORS,
  VALIDATION,
  vacantFetchError,
  vacantPrepareError,
  vacantSubmitError,
  vacantSuccessAlert,
} from '../../common/texts';
import { guardRefusalText } from '../guard/guardRefusal';
import type { VacantResult, VacantStep } from './vacantSlice';
import type { PrepareBody, SubmitBody, VacantListBody } from './vacantTypes';

export interface VacantWallet {
  publicKey: string | null;
  signTransaction?: (tx: Transaction) => Promise<Transaction>;
  signAllTransactions?: (txs: Transaction[]) => Promise<Transaction[]>;
}

export interface VacantFlowDeps {
  wallet: VacantWallet;
  list(ownerAddress: string): Promise<VacantListBody>;
  prepare(ownerAddress: string, accounts: string[]): Promise<PrepareBody>;
  submit(signed: string[], accountCount: number): Promise<SubmitBody>;
  /** The server's /api/config wallets: compared with the ones this page was built for, never used. */
  serverWallets(): Promise<ServerWallets>;
  /** The chain-reading guard (src/chain/chainGuard.ts) over the page's own connection: throws to refuse. */
  guard(transactions: readonly TransactionInput[], intent: Omit<ChainGuardContext, 'reader' | 'onChecked'>): Promise<void>;
  /** Signing limit (spec §9, 120 s): resolves after the limit, or rejects when the run is cancelled. */
  signingTimeout(): Promise<void>;
  step(step: VacantStep): void;
  /** Wraps every wait so an abandoned run (Reset) stops at once; rejects when the run was cancelled. */
  pause?<T>(promise: Promise<T>): Promise<T>;
}

export type VacantOutcome =
  | { ok: true; result: VacantResult; alert: string }
  | { ok: false; alert: string; error?: { name: string; message: string } };

/** SOL with every lamport shown ('0.01230576'), for the banner and the success alert. */
export const exactSol = (lamports: number): string => formatUnits(lamports, 9, 9, { trim: true });

const fail = (alert: string, err?: unknown): VacantOutcome => ({
  ok: false,
  alert,
  error: err ? { name: (err as Error)?.name ?? 'Error', message: errorDetail(err) } : undefined,
});

/** Server answer `{success:false, error}` or an RTK Query error → the server's text (or ''). */
function serverText(err: unknown): string {
  if (err && typeof err === 'object' && 'success' in err) return String((err as { error?: string }).error ?? '');
  const info = describeApiError(err);
  return info.message && !/^HTTP \d+$/.test(info.message) ? info.message : '';
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function signAll(deps: VacantFlowDeps, txs: Transaction[]): Promise<Transaction[]> {
  const { wallet } = deps;
  const timeout = deps.signingTimeout().then(() => {
    throw Object.assign(new Error('Signing timed out'), { name: 'SigningTimeoutError' });
  });
  timeout.catch(() => undefined);
  let signing: Promise<Transaction[]>;
  if (wallet.signAllTransactions) signing = wallet.signAllTransactions(txs); // one approval for all (DESIGN §3.6)
  else if (wallet.signTransaction) signing = wallet.signTransaction(txs[0]).then((t) => [t]); // spec: first batch only
  else throw Object.assign(new Error('Wallet cannot sign transactions'), { name: 'WalletCannotSignError' });
  return Promise.race([signing, timeout]);
}

export async function runVacantBurn(deps: VacantFlowDeps): Promise<VacantOutcome> {
  const owner = deps.wallet.publicKey;
  if (!owner || (!deps.wallet.signAllTransactions && !deps.wallet.signTransaction)) return fail(VALIDATION.connectWalletFirst);

  deps.step('fetching');
  let listed: VacantListBody;
  try {
    listed = await deps.list(owner);
    if (!listed.success) return fail(listed.error ? vacantFetchError(listed.error) : VACANT_ERRORS.fetchFailed);
  } catch (err) {
    const text = serverText(err);
    return fail(text ? vacantFetchError(text) : VACANT_ERRORS.fetchFailed, err);
  }
  const accounts = listed.vacantAccounts ?? [];
  if (accounts.length === 0) return fail(VACANT_ERRORS.noneFound);

  deps.step('preparing');
  let prepared: PrepareBody;
  let server: ServerWallets;
  try {
    [prepared, server] = await Promise.all([deps.prepare(owner, accounts.map((a) => a.address)), deps.serverWallets()]);
    if (!prepared.success || !prepared.transaction) throw prepared;
  } catch (err) {
    return fail(vacantPrepareError(serverText(err) || errorDetail(err) || VACANT_ERRORS.unknown), err);
  }
  const encoded = prepared.transactions?.length ? prepared.transactions : [prepared.transaction!];

  deps.step('checking');
  try {
    // Fee wallet from the build; closed accounts, their lamports and the fee ceiling from the page's own reading.
    const { feeWallet } = pinnedWallets(server);
    const check = deps.guard(encoded, { owner, kind: 'closeVacant', allowedAccounts: accounts.map((a) => a.address), feeWallet });
    await (deps.pause ? deps.pause(check) : check);
  } catch (err) {
    if ((err as Error)?.name === 'TaskAbortError') throw err;
    return fail(guardRefusalText(err), err);
  }

  deps.step('awaitingSignature');
  let signed: Transaction[];
  try {
    const signing = signAll(deps, encoded.map((b64) => Transaction.from(Buffer.from(b64, 'base64'))));
    signed = await (deps.pause ? deps.pause(signing) : signing);
  } catch (err) {
    if ((err as Error)?.name === 'TaskAbortError') throw err;
    return fail(classifyError(err, 'vacant').message, err);
  }

  deps.step('submitting');
  const counts = prepared.accountCounts ?? [prepared.accountCount];
  const accountCount = counts.slice(0, signed.length).reduce((s, n) => s + n, 0);
  let submitted: SubmitBody;
  try {
    submitted = await deps.submit(signed.map((t) => toBase64(t.serialize())), accountCount);
    if (!submitted.success) throw submitted;
  } catch (err) {
    const text = serverText(err);
    const classified = classifyError(text || err, 'vacant');
    if (classified.kind === 'insufficientFunds' || classified.kind === 'expired') return fail(classified.message, err);
    return fail(text ? vacantSubmitError(text) : VACANT_ERRORS.unknown, err);
  }
  const recovered = submitted.recoveredRentLamports ?? Math.round((submitted.recoveredRent ?? 0) * 1e9);
  const fee = submitted.serviceFeeLamports ?? serviceFee(recovered);
  const result: VacantResult = {
    accountCount: submitted.accountCount ?? accountCount,
    recoveredLamports: recovered,
    serviceFeeLamports: fee,
    signature: submitted.signature ?? '',
    signatures: submitted.signatures ?? (submitted.signature ? [submitted.signature] : []),
  };
  return { ok: true, result, alert: vacantSuccessAlert(result.accountCount, exactSol(recovered - fee), result.signature) };
}
