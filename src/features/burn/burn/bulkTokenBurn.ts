// docs/PRODUCT.md#burn-selected-tokens bulk token burn, done better (PRODUCT difference 6): every selected token, packed into as few transactions as
// fit by measured size, one wallet approval. A wallet that can neither sign-and-send nor signAllTransactions gets the spec's behaviour: the
// first 8 in one transaction, the rest stay selected, and after 5 s a message asks for another click.
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { burnGuard, currentPriorityFee, signAndSendBurn } from './burnSteps';
import { type AccountInfo, PublicKey, type Transaction, type TransactionInstruction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../chain/computeBudget';
import { formatTokenBalance } from '../../../chain/format';
import { bulkBurnComputeUnits } from '../../../chain/fees';
import { packTransactions } from '../../../chain/pack';
import { BULK_TOKEN_BURN_PER_TRANSACTION, REMAINING_TOKENS_MESSAGE_DELAY_MS } from '../../../common/constants';
import { BURN_ERRORS, VALIDATION, remainingTokensMessage } from '../../../common/texts';
import { selectSelectedTokenMints } from '../../assets/selection';
import { selectSolPriceUsd, selectTokens } from '../../assets/tokens';
import { valuableAtBurn } from '../../assets/value/valueAtBurn';
import type { Token } from '../../assets/tokens';
import { BulkBuildError, BurnValidationError, burnFailureText, errorName } from './burnErrors';
import { burnStoppedBeforeSigning, recordBurn } from './burnRecord';
import { reviewBeforeSigning } from '../review/reviewStep';
import { burnFailed, burnMessageShown } from './burnSlice';
import { planTokenBurn } from '../../../chain/tokenBurnPlan';
import { canDoAllAtOnce } from '../../wallet/wallet';
import { canSignOrSend } from '../../wallet/wallet';

interface BurnGroup {
  token: Token;
  ixs: TransactionInstruction[];
  lamports: number;
  native: boolean;
  amount: bigint;
}

const sumLamports = (groups: BurnGroup[]) => groups.reduce((sum, g) => sum + g.lamports, 0);

/** The accounts a burn of the selected tokens writes (token account and mint), for the priority fee market. */
function selectedTokenAccounts(api: AppListenerEffectAPI): string[] {
  const selected = new Set(selectSelectedTokenMints(api.getState()));
  return selectTokens(api.getState())
    .filter((t) => selected.has(t.mint))
    .flatMap((t) => [t.account, t.mint]);
}

/** The selected tokens that are still in the wallet, read from the chain; the others are skipped. */
async function readGroups(api: AppListenerEffectAPI, owner: string): Promise<BurnGroup[]> {
  const selected = new Set(selectSelectedTokenMints(api.getState()));
  const tokens = selectTokens(api.getState()).filter((t) => selected.has(t.mint));
  if (tokens.length === 0) return [];
  const connection = requireConnection(api.extra);
  const infos: (AccountInfo<Buffer> | null)[] = [];
  for (let i = 0; i < tokens.length; i += 100) {
    const keys = tokens.slice(i, i + 100).map((t) => new PublicKey(t.account));
    infos.push(...(await api.pause(connection.getMultipleAccountsInfo(keys, 'confirmed'))));
  }
  const groups: BurnGroup[] = [];
  tokens.forEach((token, i) => {
    const plan = planTokenBurn(owner, token, infos[i]);
    if (plan.ok)
      groups.push({ token, ixs: plan.ixs, lamports: plan.lamports, native: plan.native, amount: plan.amount });
  });
  return groups;
}

export async function bulkTokenBurnEffect(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  try {
    const wallet = api.extra.wallet;
    const owner = wallet.publicKey;
    if (!owner || !canSignOrSend(wallet)) throw new BurnValidationError(VALIDATION.walletRequiredTokens);
    const connection = requireConnection(api.extra);
    const [groups, price, { blockhash }] = await Promise.all([
      readGroups(api, owner),
      currentPriorityFee(connection, selectedTokenAccounts(api)),
      connection.getLatestBlockhash('confirmed'),
    ]).catch((err) => {
      throw api.signal.aborted ? err : new BulkBuildError(undefined, err);
    });
    if (groups.length === 0) throw new BurnValidationError(BURN_ERRORS.couldNotAddTokens);

    const all = canDoAllAtOnce(wallet);
    const packed = packTransactions({
      payer: owner,
      recentBlockhash: blockhash,
      groups: groups.map((g) => g.ixs),
      prefix: (count) => computeBudgetIxs(bulkBurnComputeUnits(count), price),
      maxGroupsPerTransaction: all ? undefined : BULK_TOKEN_BURN_PER_TRANSACTION,
    });
    const batch = all ? packed : packed.slice(0, 1);
    const txs = batch.map((p) => p.transaction);
    const inBatch = batch.flatMap((p) => p.groupIndexes).map((i) => groups[i]);
    const guard = await burnGuard(api, {
      owner,
      kind: 'burnTokens',
      allowedAccounts: inBatch.flatMap((g) => [g.token.account, g.token.mint]),
    });
    // The amount destroyed as the chain holds it, beside the name (a review that lists names only hides what goes).
    const itemOf = (g: BurnGroup) => ({
      mint: g.token.mint,
      label: `${formatTokenBalance(g.amount, g.token.decimals)} ${g.token.symbol || g.token.name}`,
    });
    // The path runs the guard once, then this review: refused transactions never reach it.
    const review = async (reviewed: Transaction[]) => {
      await reviewBeforeSigning(api, {
        owner,
        txs: reviewed,
        destroyed: inBatch.filter((g) => !g.native).map(itemOf),
        unwrapped: inBatch.filter((g) => g.native).map(itemOf),
        rentLamports: sumLamports(inBatch),
        unwrapLamports: sumLamports(inBatch.filter((g) => g.native)),
        serviceFeeLamports: 0, // bulk token burns are built here and carry no service fee
        valuable: valuableAtBurn(inBatch, selectSolPriceUsd(api.getState())),
      });
    };
    const outcome = await signAndSendBurn(api, txs, guard, review);
    const burned = outcome.confirmed.flatMap((t) => batch[t].groupIndexes).map((i) => groups[i]);
    const n = burned.length;
    await recordBurn(api, {
      kind: 'token',
      owner,
      mints: burned.map((g) => g.token.mint),
      signatures: outcome.signatures,
      rentLamports: sumLamports(burned.filter((g) => !g.native)),
      serviceFeeLamports: 0,
      ...(outcome.error ? { stoppedText: burnFailureText(outcome.error, 'bulkTokens') } : {}),
      unwrappedLamports: sumLamports(burned.filter((g) => g.native)),
      what: `${n} token${n === 1 ? '' : 's'}`,
      activity: {
        type: 'token-burn',
        title: `${n} token${n === 1 ? '' : 's'} burned`,
        description:
          burned
            .map((g) => g.token.symbol)
            .slice(0, 6)
            .join(', ') + (n > 6 ? ', …' : ''),
      },
    });
    if (outcome.error) return;
    const remaining = selectSelectedTokenMints(api.getState()).length;
    if (!all && remaining > 0) {
      await api.delay(REMAINING_TOKENS_MESSAGE_DELAY_MS);
      api.dispatch(burnMessageShown({ kind: 'info', text: remainingTokensMessage(remaining) }));
    }
  } catch (err) {
    if (api.signal.aborted) return;
    if (burnStoppedBeforeSigning(api, err)) return;
    api.dispatch(burnFailed({ name: errorName(err), message: burnFailureText(err, 'bulkTokens') }));
  }
}
