import Router from '@koa/router';
import { LAMPORTS_PER_SOL } from '../../../src/common/constants';
import type { Services } from '../../context';
import { AppError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { prepareVacantCloses } from '../../services/vacantPrepare';
import { PreparedBurnStore } from '../../services/vacantPrepared';
import { classifyVacant, scanTokenAccounts, sumLamports } from '../../services/vacantScan';
import { checkSubmitted, submitOne, type SubmittedBurn } from '../../services/vacantSubmit';
import { PrepareSchema, SubmitSchema, VacantListSchema } from './schema';
import type { PrepareBurnTransactionsResponse, SubmitBurnTransactionResponse, VacantAccountsResponse } from '../../../src/common/api';

const sol = (lamports: number) => lamports / LAMPORTS_PER_SOL;

/**
 * §7.2 vacant accounts: list the safe set, prepare the close transactions, relay the signed ones.
 * Amounts: `lamports` / `...Lamports` fields are exact integers; the spec's bare names (recoveredRent, totalRent) are SOL.
 */
export function vacantRoutes({ rpc, config }: Services): Router {
  const router = new Router();
  const store = new PreparedBurnStore();

  router.post('/api/burn-vacant-accounts', validate(VacantListSchema), async (ctx: ValidatedContext<typeof VacantListSchema>) => {
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
  });

  router.post('/api/prepare-burn-transactions', validate(PrepareSchema), async (ctx: ValidatedContext<typeof PrepareSchema>) => {
    const { ownerAddress, vacantAccounts } = ctx.state.input.body;
    const p = await prepareVacantCloses({ rpc, store, feeWallet: config.feeWallet }, ownerAddress, vacantAccounts ?? null);
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
    } satisfies PrepareBurnTransactionsResponse;
  });

  router.post('/api/submit-burn-transaction', validate(SubmitSchema), async (ctx: ValidatedContext<typeof SubmitSchema>) => {
    const { signedTransaction, signedTransactions } = ctx.state.input.body;
    const checked = checkSubmitted(store, signedTransactions ?? [signedTransaction!]);
    const done: SubmittedBurn[] = [];
    let failure: AppError | null = null;
    for (const item of checked) {
      try {
        done.push(await submitOne(store, rpc, item));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failure = err;
        break;
      }
    }
    const total = (f: (r: SubmittedBurn) => number) => done.reduce((s, r) => s + f(r), 0);
    const summary = {
      signature: done[0]?.signature,
      signatures: done.map((r) => r.signature),
      accountCount: total((r) => r.accountCount),
      recoveredRent: sol(total((r) => r.recoveredRent)),
      recoveredRentLamports: total((r) => r.recoveredRent),
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
  });
  return router;
}
