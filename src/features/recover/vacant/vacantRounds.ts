// The vacant recovery's last two listener steps (vacantFlow.ts): signAndSend — one approval per round, the server
// sends or records; a round whose blockhash ran out part-way is prepared again from the chain (only what is still
// there to close or withdraw), checked and asked for, a bounded number of times (continueRecovery.ts) — and report.
import { serviceFee } from '../../../chain/fees';
import { exactSol } from '../../../chain/format';
import { surplusSourcesIn } from '../../../chain/surplusCheck';
import type { SubmitBurnTransactionResponse as SubmitBody } from '../../../common/api';
import {
  VACANT_CONTINUE,
  VACANT_ERRORS,
  surplusSuccessReport,
  vacantLandedPartWay,
  vacantSubmitError,
  vacantSuccessReport,
  vacantWithSurplusReport,
} from '../../../common/texts';
import { listenerCall } from '../../../app/listenerMiddleware';
import { SendFailedError, SigningPathError, SigningStoppedError, isAbort, signAndSend } from '../../wallet/wallet';
import type { SigningRequest, SigningStep } from '../../wallet/wallet';
import { submitToServer } from '../../wallet/wallet/signingSteps';
import { type RoundEnd, addRound, roundAnswered, roundThrew, shouldReprepare, stillToClose } from './continueRecovery';
import { RunEnded, ServerRefusedError, signingFailureText } from './vacantFailures';
import type { VacantResult, VacantStep } from './vacantSlice';
import { vacantApi } from './vacantApi';
import {
  type Guarded,
  type Prepared,
  type Round,
  type VacantOutcome,
  type VacantRun,
  listVacant,
  prepareVacant,
  showProgress,
  showStep,
  toRound,
} from './vacantSteps';

const STEPS: Record<SigningStep, VacantStep> = {
  checking: 'checking',
  awaitingSignature: 'awaitingSignature',
  sending: 'submitting',
  confirming: 'submitting',
};

/** What the rounds landed, in sum, how the last one ended and how many of its transactions it asked for. */
export interface Sent {
  submitted: SubmitBody;
  end: RoundEnd;
  lastBatch: number;
}

/** The signing path's request for one round: the server's blockhash kept, the server sends or records. */
function roundRequest(run: VacantRun, round: Round, guarded: Guarded, cosigned: boolean): SigningRequest<SubmitBody> {
  const { api } = run;
  const { submitBurnTransaction } = vacantApi.endpoints;
  const { accountCount } = round;
  const submit = (arg: Parameters<typeof submitBurnTransaction.initiate>[0]) =>
    listenerCall(api, () => api.dispatch(submitBurnTransaction.initiate(arg)).unwrap());
  return {
    blockhash: 'keep',
    build: async () => round.batch,
    guard: () => guarded.check(round),
    cosigned,
    send: submitToServer(
      async (signed) => {
        const body = await submit(
          signed.length === 1
            ? { signedTransaction: signed[0], accountCount }
            : { signedTransactions: signed, accountCount },
        );
        // Stopped part-way (a relayed transaction that did not land stops the rest): what landed is reported.
        if (!body.success && !body.signatures?.length) throw new ServerRefusedError(body);
        return body;
      },
      { signatures: cosigned ? 'owner' : 'all' },
    ),
    // The owner's wallet sent them itself: the server reads the figures of these signatures from the chain.
    sent: async (sentSignatures) => {
      try {
        const body = await submit({ sentSignatures, accountCount });
        if (!body.success) throw new ServerRefusedError(body);
        return body;
      } catch (err) {
        if (err instanceof SigningPathError || isAbort(err)) throw err;
        throw new SendFailedError(undefined, err);
      }
    },
  };
}

/** The rest of the run after an expiry: a fresh round, or how the run ends when there is none. */
async function prepareAgain(run: VacantRun, { accounts, relayer }: Prepared, withSurplus: boolean, end: RoundEnd) {
  const again = await listVacant(run);
  if (!again.success) throw new ServerRefusedError(again);
  const rest = stillToClose(
    accounts,
    (again.vacantAccounts ?? []).map((a) => a.address),
  );
  if (rest.length === 0 && !withSurplus) return { end: { landed: end.landed, expired: false } };
  const cosigned = relayer !== undefined;
  const next = await prepareVacant(run, rest, { relayFee: cosigned, surplusOnly: rest.length === 0 });
  // Nothing left to close or withdraw: everything landed after all.
  if (!next.success || !next.transaction)
    return {
      end: rest.length === 0 ? { landed: end.landed, expired: false } : { ...end, error: new ServerRefusedError(next) },
    };
  return { round: toRound(run, next, cosigned) };
}

export async function signAndSendStep(run: VacantRun, prepared: Prepared, guarded: Guarded): Promise<Sent> {
  const { api } = run;
  const cosigned = prepared.relayer !== undefined;
  const withSurplus = surplusSourcesIn(guarded.round.encoded).length > 0;
  const signing = {
    wallet: api.extra.wallet,
    delay: (ms: number) => api.delay(ms),
    pause: api.pause,
    onStep: (step: SigningStep) => showStep(run, STEPS[step]),
  };
  const signRound = (r: Round): Promise<RoundEnd> =>
    signAndSend(signing, roundRequest(run, r, guarded, cosigned)).then(roundAnswered, (err: unknown) => {
      if (isAbort(err)) throw err;
      return roundThrew(err);
    });
  let round = guarded.round;
  let submitted: SubmitBody | undefined;
  let end: RoundEnd;
  for (let reprepares = 0; ; reprepares++) {
    end = await signRound(round);
    submitted = addRound(submitted, end.landed);
    if (!shouldReprepare(reprepares, end)) break;
    showProgress(run, VACANT_CONTINUE.continuing(submitted.signatures?.length ?? 0, reprepares + 1));
    showStep(run, 'preparing');
    const after: { round?: Round; end?: RoundEnd } = await prepareAgain(run, prepared, withSurplus, end).catch(
      (err: unknown) => {
        if (isAbort(err)) throw err;
        return { end: { ...end, error: err } };
      },
    );
    if (!after.round) {
      end = after.end!;
      break;
    }
    round = after.round;
  }
  showProgress(run, null);
  return { submitted, end, lastBatch: round.batch.length };
}

/** The banner's report and the run's result, every figure as the server read it from the chain. */
export function reportStep({ submitted, end, lastBatch }: Sent, guarded: Guarded): VacantOutcome {
  const landedCount = submitted.signatures?.length ?? 0;
  let stopped: string | undefined;
  if (end.expired || end.error !== undefined) {
    const unlanded = Math.max(lastBatch - (end.landed.signatures?.length ?? 0), 1);
    const reason =
      end.error instanceof SigningStoppedError
        ? undefined
        : end.error === undefined
          ? VACANT_ERRORS.expired
          : end.error && typeof end.error === 'object' && 'success' in end.error
            ? vacantSubmitError((end.error as SubmitBody).error ?? VACANT_ERRORS.unknown)
            : signingFailureText(end.error);
    // Nothing landed at all: the failure alone, as before any round went on.
    if (landedCount === 0) throw new RunEnded(reason ?? (end.error as Error).message, end.error);
    stopped =
      reason === undefined
        ? (end.error as SigningStoppedError).message
        : vacantLandedPartWay(reason, landedCount, landedCount + unlanded);
  }
  const recovered = submitted.recoveredRentLamports ?? Math.round((submitted.recoveredRent ?? 0) * 1e9);
  const fee = submitted.serviceFeeLamports ?? serviceFee(recovered);
  const result: VacantResult = {
    accountCount: submitted.accountCount ?? guarded.round.accountCount,
    recoveredLamports: recovered,
    serviceFeeLamports: fee,
    // The network fee as the chain charged it (a priority fee the wallet added included): the owner's balance change
    // the server read is what came back less the service fee and that fee. Without it, the review's figure.
    networkFeeLamports:
      submitted.ownerBalanceChangeLamports !== undefined
        ? recovered - fee - submitted.ownerBalanceChangeLamports
        : guarded.reviewed.networkFeeLamports,
    signature: submitted.signature ?? '',
    signatures: submitted.signatures ?? (submitted.signature ? [submitted.signature] : []),
  };
  // What reached the wallet: rent and surplus back, less the service fee and the network fee.
  const back = exactSol(recovered - fee - (result.networkFeeLamports ?? 0));
  const surplus = submitted.surplusRecoveredLamports ?? 0;
  const report =
    result.accountCount === 0
      ? surplusSuccessReport(back)
      : surplus > 0
        ? vacantWithSurplusReport(result.accountCount, submitted.surplusAccountCount ?? 0, exactSol(surplus), back)
        : vacantSuccessReport(result.accountCount, back);
  return { ok: true, result, alert: stopped ? `${stopped} ${report}` : report };
}
