import Router from '@koa/router';
import type { PrepareRecoveryResponse } from '../../../src/common/api';
import type { Services } from '../../context';
import { appError, AppError, ServiceUnavailableError, ValidationError } from '../../errors';
import { serverErrorText } from '../../../src/common/texts/serverErrorTexts';
import { clientAddress } from '../../middleware/rateLimit';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { prepareRecovery } from '../../services/recovery/prepare';
import { upstreamFailure } from '../../services/rpc/upstreamFaults';
import { PrepareRecoverySchema } from './schema';

export const PREPARE_RECOVERY_UNAVAILABLE = 'Unable to prepare the recovery right now';
const NO_ACCOUNTS = 'accounts: choose at least one account to recover';

/**
 * POST /api/prepare-recovery — unsigned transactions that recover the chosen sources, packed to the size limit and
 * signed with one approval; submitted through the wallet or POST /api/submit-burn-transaction.
 */
export function prepareRecoveryRoutes({ rpc, config, relayer, prepared }: Services): Router {
  const router = new Router();
  router.post(
    '/api/prepare-recovery',
    validate(PrepareRecoverySchema),
    async (ctx: ValidatedContext<typeof PrepareRecoverySchema>) => {
      const { ownerAddress, accounts = [], relayFee, everything, except = [] } = ctx.state.input.body;
      if (!everything && accounts.length === 0) throw ValidationError(NO_ACCOUNTS);
      if (relayFee && !relayer) throw new AppError(503, 'no_relayer_key', undefined, true);
      if (relayFee && relayer) {
        const status = await relayer.status();
        if (!status.available) throw ServiceUnavailableError(serverErrorText('relay_limit', status.reason ?? ''));
      }
      let p: Awaited<ReturnType<typeof prepareRecovery>>;
      try {
        p = await prepareRecovery({ rpc, store: prepared, feeWallet: config.feeWallet }, ownerAddress, accounts, {
          ...(relayFee && relayer ? { feePayer: relayer.plan(ownerAddress) } : {}),
          ...(everything ? { everything: { except } } : {}),
        });
      } catch (err) {
        throw upstreamFailure(err, { unavailable: PREPARE_RECOVERY_UNAVAILABLE }) ?? err;
      }
      if (relayFee && relayer) {
        const refusal = relayer.policy.refusal(
          clientAddress(ctx, config.trustProxy) ?? 'local',
          ownerAddress,
          p.transactions.length,
        );
        if (refusal) throw appError(429, 'relay_limit', refusal);
      }
      ctx.body = {
        success: true,
        transactions: p.transactions,
        actions: p.actions,
        feeWallet: config.feeWallet,
        feesPerTransactionLamports: p.feesPerTransaction,
        returnsPerTransactionLamports: p.returnsPerTransaction,
        sizes: p.sizes,
        ...(relayFee && relayer
          ? { feePayer: relayer.address, repaymentsPerTransactionLamports: p.repaymentsPerTransaction }
          : {}),
      } satisfies PrepareRecoveryResponse;
    },
  );
  return router;
}
