// The vacant recovery of docs/PRODUCT.md#close-vacant-accounts, #error-texts as listener steps: prepare (list, the
// server builds the transactions, again with the relayer's fee payer where it pays) → guard (the page's own chain
// reading, then the review dialog) → signAndSend → report (vacantRounds.ts). A step that cannot go on throws RunEnded
// with the banner's alert; a Reset or a disconnect cancels the listener, and the run stops at its next call.
// Loaded with the first recovery, in its own chunk (vacantListeners.ts).
import { PublicKey } from '@solana/web3.js';
import { configApi } from '../../../api/configApi';
import { type AppListenerEffectAPI, listenerCall } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { errorDetail } from '../../../chain/classifyError';
import { ownerCannotPayFees } from '../../../chain/relayChoice';
import { surplusSourcesIn } from '../../../chain/surplusCheck';
import { BUILT_WALLETS } from '../../../common/builtWallets';
import { pinnedRelayer } from '../../../common/builtRelayer';
import type { PrepareBurnTransactionsResponse as PrepareBody } from '../../../common/api';
import { VACANT_ERRORS, VALIDATION, WALLET_MODES, vacantFetchError, vacantPrepareError } from '../../../common/texts';
import { canSignOrSend, errorInfo, signingModeFor } from '../../wallet/wallet';
import { chainGuardStep, GuardRefusedWithTextError } from '../../wallet/wallet/chainGuardStep';
import { relayerApi } from './relayerApi';
import { reviewVacant } from './vacantReview';
import { RunEnded, ServerRefusedError, endWith, serverText, signingFailureText } from './vacantFailures';
import {
  type Guarded,
  type Prepared,
  type Round,
  type VacantOutcome,
  type VacantRun,
  listVacant,
  prepareVacant,
  preparedTransactions,
  showStep,
  toRound,
} from './vacantSteps';
import { reportStep, signAndSendStep } from './vacantRounds';

const prepareFailure = (err: unknown) =>
  vacantPrepareError(serverText(err) || errorDetail(err) || VACANT_ERRORS.unknown);
const listFailure = (err: unknown) => {
  const text = serverText(err);
  return text ? vacantFetchError(text) : VACANT_ERRORS.fetchFailed;
};
/** A prepare answered without transactions is the server's refusal. */
function built(prepared: PrepareBody): PrepareBody {
  if (!prepared.success || !prepared.transaction) throw new ServerRefusedError(prepared);
  return prepared;
}

/** PRODUCT difference 15: the relayer pays when the user ticked it (and the wallet can sign only) or the owner cannot. */
async function relayed({ api, owner }: VacantRun, transactions: string[]): Promise<boolean> {
  const { vacant, walletInfo } = api.getState();
  if (vacant.relayFee && walletInfo.canSignOnly) return true; // a send-only wallet is never relayed on request
  const connection = api.extra.connection();
  if (!connection) return false;
  const chain = {
    getBalance: (o: string) => connection.getBalance(new PublicKey(o), 'confirmed'),
    getMinimumBalanceForRentExemption: (n: number) => connection.getMinimumBalanceForRentExemption(n),
  };
  return listenerCall(api, () => ownerCannotPayFees(chain, owner, transactions));
}

async function prepareStep(run: VacantRun): Promise<Prepared> {
  const { api } = run;
  showStep(run, 'fetching');
  const listed = await listVacant(run).catch(endWith(listFailure));
  if (!listed.success) throw new RunEnded(listed.error ? vacantFetchError(listed.error) : VACANT_ERRORS.fetchFailed);
  const accounts = (listed.vacantAccounts ?? []).map((a) => a.address);
  // Kept accounts hold surplus (PRODUCT difference 13): with nothing to close, the recovery withdraws only that.
  const surplusOnly = accounts.length === 0 && (api.getState().rent.estimate?.surplusAccounts ?? 0) > 0;
  if (accounts.length === 0 && !surplusOnly) throw new RunEnded(VACANT_ERRORS.noneFound);

  showStep(run, 'preparing');
  const [first, server] = await Promise.all([
    prepareVacant(run, accounts, { surplusOnly }).then(built),
    listenerCall(api, () =>
      api.dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false })).unwrap(),
    ),
  ]).catch(endWith(prepareFailure));
  if (!(await relayed(run, preparedTransactions(first)).catch(endWith(prepareFailure))))
    return { listed, accounts, prepared: first, server, relayer: undefined };
  // The relayer signs after the owner: a wallet that only signs-and-sends cannot take part. Said before anything is
  // signed or even built for it, with what does work (PRODUCT, "Which request your wallet sees").
  const transactions = preparedTransactions(first).length;
  if (signingModeFor(api.extra.wallet, { cosigned: true, transactions, acceptsSent: false }).kind === 'unsupported')
    throw new RunEnded(WALLET_MODES.cosignedNeedsSignOnly);
  const [prepared, relayer] = await Promise.all([
    prepareVacant(run, accounts, { relayFee: true, surplusOnly }).then(built),
    listenerCall(api, () =>
      api
        .dispatch(relayerApi.endpoints.getRelayerStatus.initiate(undefined, { subscribe: false, forceRefetch: true }))
        .unwrap(),
    ).then((status) => status.address),
  ]).catch(endWith(prepareFailure));
  return { listed, accounts, prepared, server, relayer };
}

/**
 * Fee wallet and relayer from the build (a server naming others is refused); every figure — closed accounts'
 * lamports, surplus above the chain's rent minimum — from the page's own chain reading and a simulation (PRODUCT
 * difference 10). A round prepared again after an expiry is checked the same way, against the same accounts. Then
 * the review (same dialog as the burns): nothing is signed before the user confirms.
 */
async function guardStep(run: VacantRun, { listed, accounts, prepared, server, relayer }: Prepared): Promise<Guarded> {
  const { api, owner } = run;
  const check = async (r: Round) => {
    let relayerAddress: string | undefined;
    try {
      if (relayer !== undefined) relayerAddress = pinnedRelayer({ relayer, localnet: server.localnet });
    } catch (err) {
      throw new GuardRefusedWithTextError('relayer not pinned', (err as Error).message, err);
    }
    const intent = {
      owner,
      kind: 'closeVacant' as const,
      allowedAccounts: accounts,
      feeWallet: BUILT_WALLETS.feeWallet,
      // Each source is checked on chain by the guard's surplus rule (owner's account or mint, surplus above rent).
      surplusSources: surplusSourcesIn(r.encoded),
      ...(relayerAddress ? { relayer: relayerAddress } : {}),
    };
    const guard = chainGuardStep(requireConnection(api.extra), intent, {
      serverWallets: server,
      dispatch: api.dispatch,
    });
    await listenerCall(api, () => guard(r.batch));
  };
  const cosigned = relayer !== undefined;
  let round: Round;
  try {
    round = toRound(run, prepared, cosigned);
  } catch (err) {
    throw new RunEnded(signingFailureText(err), err);
  }
  await check(round).catch(endWith(signingFailureText));
  const plan = { owner, txs: round.batch, skipped: listed.skippedAccounts ?? [], relayed: cosigned };
  const reviewed = await listenerCall(api, () =>
    reviewVacant(api, requireConnection(api.extra), { ...plan, feeWallet: BUILT_WALLETS.feeWallet }),
  ).catch((err: unknown) => {
    if ((err as Error)?.name === 'ReviewCancelledError') throw new RunEnded(VACANT_ERRORS.reviewCancelled);
    return endWith(signingFailureText)(err);
  });
  return { round, check, reviewed };
}

export async function runVacantBurn(api: AppListenerEffectAPI, runId: number): Promise<VacantOutcome> {
  const owner = api.extra.wallet.publicKey;
  if (!owner || !canSignOrSend(api.extra.wallet)) return { ok: false, alert: VALIDATION.connectWalletFirst };
  const run: VacantRun = { api, runId, owner };
  try {
    const prepared = await prepareStep(run);
    const guarded = await guardStep(run, prepared);
    const sent = await signAndSendStep(run, prepared, guarded);
    return reportStep(sent, guarded);
  } catch (err) {
    if (!(err instanceof RunEnded)) throw err;
    return { ok: false, alert: err.alert, error: err.error ? errorInfo(err.error) : undefined };
  }
}
