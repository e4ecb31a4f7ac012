import Router from '@koa/router';
import { LAMPORTS_PER_SOL } from '../../../src/common/constants';
import type { Services } from '../../context';
import { appError, AppError, ServiceUnavailableError } from '../../errors';
import { serverErrorText } from '../../../src/common/texts/serverErrorTexts';
import { clientAddress } from '../../middleware/rateLimit';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { prepareVacantCloses } from '../../services/vacant/vacantPrepare';
import { classifyVacant, scanTokenAccounts, sumLamports } from '../../services/vacant/vacantScan';
import { checkSubmitted, type SubmittedBurn } from '../../services/vacant/vacantSubmit';
import { submitChecked } from '../../services/vacant/vacantSubmitAll';
import { recordSentAll } from '../../services/vacant/vacantSent';
import { PrepareSchema, SubmitSchema, VacantListSchema } from './schema';
import type {
  PrepareBurnTransactionsResponse,
  SubmitBurnTransactionResponse,
  VacantAccountsResponse,
} from '../../../src/common/api';

const sol = (lamports: number) => lamports / LAMPORTS_PER_SOL;

/**
 * docs/PRODUCT.md#server-calls vacant accounts: list the safe set, prepare the close transactions, relay the signed ones.
 * Amounts: `lamports` / `...Lamports` fields are exact integers; the spec's bare names (recoveredRent, totalRent) are SOL.
 */
export function vacantRoutes({ rpc, config, relayer, prepared: store }: Services): Router {
  const router = new Router();

  router.post(
    '/api/burn-vacant-accounts',
    validate(VacantListSchema),
    async (ctx: ValidatedContext<typeof VacantListSchema>) => {
      const { ownerAddress } = ctx.state.input.body;
      const { vacant, skipped } = classifyVacant(await scanTokenAccounts(rpc, ownerAddress), ownerAddress);
      const totalRentLamports = sumLamports(vacant);
      ctx.body = {
        success: true,
        accountCount: vacant.length,
        vacantAccounts: vacant,
        skippedAccounts: skipped,
        totalRent: sol(totalRentLamports),
        totalRentLamports,
      } satisfies VacantAccountsResponse;
    },
  );

  router.post(
    '/api/prepare-burn-transactions',
    validate(PrepareSchema),
    async (ctx: ValidatedContext<typeof PrepareSchema>) => {
      const { ownerAddress, vacantAccounts, withdrawSurplus, relayFee } = ctx.state.input.body;
      // PRODUCT difference 15: the relayer pays the network fee and is repaid in the same transaction, when asked and available.
      if (relayFee && !relayer) throw new AppError(503, 'no_relayer_key', undefined, true);
      if (relayFee && relayer) {
        const status = await relayer.status();
        if (!status.available) throw ServiceUnavailableError(serverErrorText('relay_limit', status.reason ?? ''));
      }
      const p = await prepareVacantCloses(
        { rpc, store, feeWallet: config.feeWallet },
        ownerAddress,
        vacantAccounts ?? null,
        {
          withdrawSurplus: withdrawSurplus === true,
          ...(relayFee && relayer ? { feePayer: relayer.plan(ownerAddress) } : {}),
        },
      );
      if (relayFee && relayer) {
        const refusal = relayer.policy.refusal(
          clientAddress(ctx, config.trustProxy) ?? 'local',
          ownerAddress,
          p.transactions.length,
        );
        if (refusal) throw appError(429, 'relay_limit', refusal);
        if (p.repaymentsPerTransaction.some((fee) => fee > relayer.policy.limits.maxFeePerTransaction))
          throw new AppError(503, 'fees_too_high', undefined, true);
      }
      ctx.body = {
        success: true,
        transaction: p.transactions[0],
        transactions: p.transactions,
        accountCount: p.accountCount,
        accountCounts: p.accountCounts,
        totalRent: sol(p.totalRent),
        totalRentLamports: p.totalRent,
        totalFee: sol(p.totalFee),
        totalFeeLamports: p.totalFee,
        feesPerTransactionLamports: p.feesPerTransaction,
        rentPerTransactionLamports: p.rentPerTransaction,
        feeWallet: config.feeWallet,
        computeUnitPrice: p.computeUnitPrice,
        skippedAccounts: p.skippedAccounts,
        surplusAccounts: p.surplusAccounts,
        surplusAccountCounts: p.surplusAccountCounts,
        totalSurplus: sol(p.totalSurplus),
        totalSurplusLamports: p.totalSurplus,
        surplusPerTransactionLamports: p.surplusPerTransaction,
        sizes: p.sizes,
        ...(relayFee && relayer
          ? { feePayer: relayer.address, repaymentsPerTransactionLamports: p.repaymentsPerTransaction }
          : {}),
      } satisfies PrepareBurnTransactionsResponse;
    },
  );

  router.post(
    '/api/submit-burn-transaction',
    validate(SubmitSchema),
    async (ctx: ValidatedContext<typeof SubmitSchema>) => {
      const { signedTransaction, signedTransactions, sentSignatures } = ctx.state.input.body;
      // Sent by the owner's wallet itself: nothing to relay, the figures are read from the chain (services/vacant/vacantSent.ts).
      const checked = sentSignatures ? [] : checkSubmitted(store, signedTransactions ?? [signedTransaction!]);
      const client = clientAddress(ctx, config.trustProxy) ?? 'local';
      const { done, failure: sentFailure } = await recordSentAll(store, rpc, sentSignatures ?? []);
      let failure: AppError | null = sentFailure;
      if (checked.length > 0) {
        const relayed = await submitChecked(
          { store, rpc, relayer, confirmTimeoutMs: config.confirmTimeoutMs },
          checked,
          client,
        );
        done.push(...relayed.done);
        failure = relayed.failure;
      }
      const total = (f: (r: SubmittedBurn) => number) => done.reduce((s, r) => s + f(r), 0);
      const summary = {
        signature: done[0]?.signature,
        signatures: done.map((r) => r.signature),
        accountCount: total((r) => r.accountCount),
        recoveredRent: sol(total((r) => r.recoveredRent)),
        recoveredRentLamports: total((r) => r.recoveredRent),
        surplusRecoveredLamports: total((r) => r.surplusRecovered),
        surplusAccountCount: total((r) => r.surplusAccountCount),
        sourcesRecoveredLamports: total((r) => r.sourcesRecovered),
        serviceFeeLamports: total((r) => r.serviceFee),
        ownerBalanceChangeLamports: total((r) => r.ownerBalanceChange),
        feeWalletBalanceChangeLamports: total((r) => r.feeWalletBalanceChange),
      };
      if (failure) {
        ctx.status = failure.status;
        ctx.body = { success: false, error: failure.message, ...summary } satisfies SubmitBurnTransactionResponse;
        return;
      }
      ctx.body = { success: true, ...summary } satisfies SubmitBurnTransactionResponse;
    },
  );
  return router;
}
