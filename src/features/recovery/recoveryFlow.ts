// The recovery of the chosen sources (PRODUCT difference 17): prepare on the server → the review dialog (what comes
// back, the fees, the SOL change the chain simulates) → the signing path (the chain-reading guard with the recovery
// sources' rules, one approval) → submitted like every recovery. Loaded with the first recovery (burn-flows chunk).
import { Transaction } from '@solana/web3.js';
import { configApi } from '../../api/configApi';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { exactSol } from '../../chain/format';
import { BUILT_WALLETS } from '../../common/builtWallets';
import { RECOVERY_SECTION } from '../../common/texts';
import type { NewActivity } from '../activity/activitySlice';
import { reviewBeforeSigning } from '../review/reviewStep';
import { getConnection } from '../selection/loadingSupport';
import { submitOwnerSigned } from '../vacant/ownerSignedSend';
import { vacantApi } from '../vacant/vacantApi';
import { chainGuardStep } from '../wallet/chainGuardStep';
import { legacyTransactions } from '../wallet/serverTransactions';
import { canSignAll, signAndSend } from '../wallet/signing';
import { recoveryApi } from './recoveryApi';

export interface RecoveryOutcome {
  ok: boolean;
  message: string;
  activity: NewActivity[];
}

/** Copies for the review's simulation, which sets its own blockhash: the server's messages stay as prepared. */
const copies = (txs: Transaction[]) =>
  txs.map((t) => Transaction.from(t.serialize({ requireAllSignatures: false, verifySignatures: false })));

export async function runRecovery(api: AppListenerEffectAPI, addresses: string[]): Promise<RecoveryOutcome> {
  const wallet = api.extra.wallet;
  const owner = wallet.publicKey;
  if (!owner) return { ok: false, message: RECOVERY_SECTION.failed('connect a wallet first'), activity: [] };
  const prepared = await api.dispatch(
    recoveryApi.endpoints.prepareRecovery.initiate({ ownerAddress: owner, accounts: addresses }),
  );
  if ('error' in prepared) {
    const error = prepared.error as { data?: { error?: string } };
    return { ok: false, message: RECOVERY_SECTION.failed(error.data?.error ?? 'the server refused'), activity: [] };
  }
  const body = prepared.data;
  const txs = legacyTransactions(body.transactions);
  const batch = canSignAll(wallet) ? txs : txs.slice(0, 1);
  const actions = body.actions.filter((_a, i) => canSignAll(wallet) || i < actionsInFirst(body, txs.length));
  const returns = actions.reduce((s, a) => s + a.lamportsBack, 0);
  const fee = body.feesPerTransactionLamports.slice(0, batch.length).reduce((s, f) => s + f, 0);
  await reviewBeforeSigning(api, {
    owner,
    txs: copies(batch),
    destroyed: [],
    rentLamports: returns,
    serviceFeeLamports: fee,
  });
  const serverWallets = await api
    .dispatch(configApi.endpoints.getConfig.initiate(undefined, { subscribe: false }))
    .unwrap();
  const submitted = await signAndSend(
    { wallet, delay: (ms) => api.delay(ms), pause: api.pause },
    {
      blockhash: 'keep',
      build: async () => batch,
      guard: (signing) =>
        chainGuardStep(
          getConnection(api.extra),
          { owner, kind: 'recover', allowedAccounts: addresses, feeWallet: BUILT_WALLETS.feeWallet },
          { serverWallets, dispatch: api.dispatch },
        )(signing),
      send: submitOwnerSigned(async (signed) => {
        const r = await api
          .dispatch(vacantApi.endpoints.submitBurnTransaction.initiate({ signedTransactions: signed }))
          .unwrap();
        if (!r.success) throw new Error(r.error ?? 'submit failed');
        return r;
      }),
    },
  );
  const back = submitted.sourcesRecoveredLamports ?? returns;
  const net = back - (submitted.serviceFeeLamports ?? fee);
  const activity: NewActivity[] = [];
  if (back > 0)
    activity.push({
      type: 'recovery',
      title: RECOVERY_SECTION.title,
      description: RECOVERY_SECTION.done(exactSol(net)),
      lamports: net,
      timestamp: Date.now(),
      signature: submitted.signature,
    });
  const slot = await getConnection(api.extra).getSlot('confirmed');
  for (const a of actions.filter((x) => x.action === 'deactivate'))
    activity.push({
      type: 'table-deactivated',
      title: RECOVERY_SECTION.kinds.lookupTable,
      description: RECOVERY_SECTION.deactivated,
      lamports: 0,
      timestamp: Date.now(),
      address: a.address,
      readySlot: slot + 513, // the deactivation slot leaves the 512 slot hashes (lookupTable.ts)
    });
  const deactivated = actions.some((a) => a.action === 'deactivate');
  return {
    ok: true,
    message:
      back > 0
        ? RECOVERY_SECTION.done(exactSol(net))
        : deactivated
          ? RECOVERY_SECTION.deactivated
          : RECOVERY_SECTION.revoked,
    activity,
  };
}

/** A wallet that signs one at a time gets the first transaction: how many of the actions it carries. */
function actionsInFirst(body: { actions: unknown[]; returnsPerTransactionLamports: number[] }, count: number) {
  return count <= 1 ? body.actions.length : Math.ceil(body.actions.length / count);
}
