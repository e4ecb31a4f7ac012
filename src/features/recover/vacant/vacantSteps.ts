// What the vacant recovery's listener steps share (vacantFlow.ts, vacantRounds.ts): the run, its API calls — each
// `listenerCall(api, () => api.dispatch(endpoint.initiate(arg)).unwrap())`, so a Reset or a disconnect stops the run
// before its next call — and one prepare's transactions as a round.
import type { Transaction } from '@solana/web3.js';
import { type AppListenerEffectAPI, listenerCall } from '../../../app/listenerMiddleware';
import { SIMULATED_SIGNATURE } from '../../../common/constants';
import type {
  PrepareBurnTransactionsResponse as PrepareBody,
  VacantAccountsResponse as VacantListBody,
} from '../../../common/api';
import { legacyTransactions } from '../../wallet/wallet/serverTransactions';
import { signingModeFor } from '../../wallet/wallet';
import { vacantApi } from './vacantApi';
import type { ServerWallets } from '../../../common/builtWallets';
import { vacantProgressChanged, vacantStepChanged, type VacantResult, type VacantStep } from './vacantSlice';

/** One run: its listener, its id (the slice ignores what an abandoned run still reports) and the owner. */
export interface VacantRun {
  api: AppListenerEffectAPI;
  runId: number;
  owner: string;
}

export const showStep = ({ api, runId }: VacantRun, step: VacantStep) =>
  api.dispatch(vacantStepChanged({ runId, step }));

/** Says on screen that the run goes on after an expiry (null: nothing to say). */
export const showProgress = ({ api, runId }: VacantRun, text: string | null) =>
  api.dispatch(vacantProgressChanged({ runId, text }));

export const listVacant = ({ api, owner }: VacantRun): Promise<VacantListBody> =>
  listenerCall(api, () =>
    api
      .dispatch(
        // The spec shows no vacant-accounts placeholder signature: the burn request's literal serves.
        vacantApi.endpoints.getVacantAccounts.initiate({ ownerAddress: owner, signedMessage: SIMULATED_SIGNATURE }),
      )
      .unwrap(),
  );

export const prepareVacant = (
  { api, owner }: VacantRun,
  accounts: string[],
  options: { relayFee?: boolean; surplusOnly?: boolean },
): Promise<PrepareBody> =>
  listenerCall(api, () =>
    api
      .dispatch(
        vacantApi.endpoints.prepareBurnTransactions.initiate({
          ownerAddress: owner,
          vacantAccounts: accounts,
          ...(api.getState().vacant.withdrawSurplus || options.surplusOnly ? { withdrawSurplus: true } : {}),
          ...(options.relayFee ? { relayFee: true } : {}),
        }),
      )
      .unwrap(),
  );

/** The transactions of a prepare's answer (one, or several). */
export const preparedTransactions = (prepared: PrepareBody): string[] =>
  prepared.transactions?.length ? prepared.transactions : [prepared.transaction!];

/** One prepare's transactions: those asked for in one go (`batch`, per the wallet) and the accounts they close. */
export interface Round {
  encoded: string[];
  batch: Transaction[];
  accountCount: number;
}

/**
 * One request for all (PRODUCT difference 6); a wallet that signs one at a time gets the first (the spec's
 * behaviour). A lookup table or undecodable bytes: the guard's refusal, thrown.
 */
export function toRound(run: VacantRun, prepared: PrepareBody, cosigned: boolean): Round {
  const encoded = preparedTransactions(prepared);
  const txs = legacyTransactions(encoded);
  const mode = signingModeFor(run.api.extra.wallet, { cosigned, transactions: txs.length, acceptsSent: true });
  const batch = mode.kind === 'signAndSend' || (mode.kind === 'signOnly' && mode.all) ? txs : txs.slice(0, 1);
  const counts = prepared.accountCounts ?? [prepared.accountCount];
  return { encoded, batch, accountCount: counts.slice(0, batch.length).reduce((s, n) => s + n, 0) };
}

export type VacantOutcome =
  | { ok: true; result: VacantResult; alert: string }
  | { ok: false; alert: string; error?: { name: string; message: string } };

/** What the prepare step hands on: the accounts the user will review and the server's build of them. */
export interface Prepared {
  listed: VacantListBody;
  accounts: string[];
  prepared: PrepareBody;
  server: ServerWallets;
  /** undefined: the owner pays; else what the server's /api/relayer names (it co-signs after the owner). */
  relayer: string | null | undefined;
}

/** What the guard step hands on: the round the user confirmed, how to check a later one, the review's figures. */
export interface Guarded {
  round: Round;
  check(round: Round): Promise<void>;
  reviewed: { solChangeLamports: number; networkFeeLamports: number };
}
