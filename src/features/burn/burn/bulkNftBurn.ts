// docs/PRODUCT.md#burn-selected-nfts bulk NFT burn: the server builds the transactions (POST /api/batch-burn-nft); the client reads the same
// accounts itself, refuses anything but burns of these NFTs and a fee of at most 1 % of their real rent to the
// configured fee wallet (PRODUCT difference 4), then signs all with one approval, sends, confirms and records.
// More than the spec's 10 selected is one action too (PRODUCT difference 6): the selection goes to the server in
// requests of at most MAX_NFTS_PER_BURN_REQUEST (its cap; it answers maxBatchSize over it), one after the other, and
// every transaction they pack is reviewed once and goes to the wallet in one request (sign-and-send, or
// signAllTransactions), as token burns do. A wallet that can do neither gets the first transaction only; the rest
// stay selected and a message says so.
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { signAndSendBurn } from './burnSteps';
import type { Transaction } from '@solana/web3.js';
import { describeApiError } from '../../../api/apiError';
import { configApi } from '../../../api/configApi';
import { decodeTransaction } from '../../../chain/decode';
import {
  MPL_CORE_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
} from '../../../common/addresses';
import {
  MAX_NFTS_PER_BURN_REQUEST,
  MIN_NFTS_FOR_SERVICE_FEE,
  REMAINING_TOKENS_MESSAGE_DELAY_MS,
} from '../../../common/constants';
import { VALIDATION, batchLimitFromServer, remainingNftsMessage, serverError } from '../../../common/texts';
import { nftsApi } from '../../assets/nfts';
import { selectNfts } from '../../assets/nfts';
import { selectSelectedNftMints, selectionCleared } from '../../assets/selection';
import { BurnValidationError, burnFailureText, errorName } from './burnErrors';
import { burnStoppedBeforeSigning, recordBurn } from './burnRecord';
import { reviewBeforeSigning } from '../review/reviewStep';
import { legacyTransactions } from '../../wallet/wallet/serverTransactions';
import { singleBurnRequested } from '../../../app/events';
import { burnFailed, burnMessageShown } from './burnSlice';
import { singleBurnEffect } from './singleBurn';
import { canDoAllAtOnce } from '../../wallet/wallet';
import { canSignOrSend } from '../../wallet/wallet';
import { chainGuardStep } from '../../wallet/wallet/chainGuardStep';
import { BUILT_WALLETS } from '../../../common/builtWallets';

class ServerRefusedError extends BurnValidationError {
  name = 'ServerRefusedError';
}

/** The server's answer, or the spec's text for its refusal ('{error} Please select {n} or fewer NFTs.'). */
async function requestTransactions(
  api: AppListenerEffectAPI,
  owner: string,
  nfts: { mint: string; tokenAccount?: string; name: string }[],
) {
  try {
    const answer = await api.dispatch(nftsApi.endpoints.batchBurnNft.initiate({ nfts, owner })).unwrap();
    const txs = answer.transactions ?? (answer.transaction ? [answer.transaction] : []);
    if (!answer.success || txs.length === 0) throw new ServerRefusedError(answer.error || VALIDATION.noValidNfts);
    return { ...answer, txs };
  } catch (err) {
    if (err instanceof ServerRefusedError) throw err;
    const data = (err as { data?: { error?: string; maxBatchSize?: number } }).data;
    if (data?.maxBatchSize) throw new ServerRefusedError(batchLimitFromServer(data.error ?? '', data.maxBatchSize));
    if (data?.error) throw new ServerRefusedError(data.error);
    throw new ServerRefusedError(serverError(describeApiError(err).message));
  }
}

/** Every selected NFT in requests the server accepts (its cap per request), answers joined in order. */
async function requestAllTransactions(
  api: AppListenerEffectAPI,
  owner: string,
  nfts: { mint: string; tokenAccount?: string; name: string }[],
) {
  const txs: string[] = [];
  const processed: { mint: string }[] = [];
  for (let i = 0; i < nfts.length; i += MAX_NFTS_PER_BURN_REQUEST) {
    const answer = await requestTransactions(api, owner, nfts.slice(i, i + MAX_NFTS_PER_BURN_REQUEST));
    txs.push(...answer.txs);
    processed.push(...(answer.processedNFTs ?? nfts.slice(i, i + MAX_NFTS_PER_BURN_REQUEST)));
  }
  return { txs, processedNFTs: processed };
}

/** Which mints a confirmed transaction burned, and what it paid the fee wallet. */
function effectOf(tx: Transaction, feeWallet: string): { mints: string[]; fee: number } {
  const decoded = decodeTransaction(tx);
  const mints: string[] = [];
  let fee = 0;
  for (const ix of decoded.instructions) {
    if (ix.programId === TOKEN_METADATA_PROGRAM) mints.push(ix.accounts[4].pubkey);
    else if (ix.programId === MPL_CORE_PROGRAM) mints.push(ix.accounts[0].pubkey);
    else if (
      (ix.programId === TOKEN_PROGRAM || ix.programId === TOKEN_2022_PROGRAM) &&
      (ix.data[0] === 8 || ix.data[0] === 15)
    ) {
      mints.push(ix.accounts[1].pubkey);
    } else if (ix.programId === SYSTEM_PROGRAM && ix.accounts[1]?.pubkey === feeWallet) {
      fee += Number(Buffer.from(ix.data).readBigUInt64LE(4));
    }
  }
  return { mints, fee };
}

export async function bulkNftBurnEffect(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  try {
    const wallet = api.extra.wallet;
    const owner = wallet.publicKey;
    if (!owner || !canSignOrSend(wallet)) throw new BurnValidationError(VALIDATION.walletRequiredNfts);
    const selected = new Set(selectSelectedNftMints(api.getState()));
    const nfts = selectNfts(api.getState())
      // A Metaplex Core asset has no token account: its mint is the asset address (PRODUCT difference 12).
      .filter((n) => selected.has(n.mint) && (n.tokenAddress || n.kind === 'core'))
      .map((n) => ({ mint: n.mint, ...(n.tokenAddress ? { tokenAccount: n.tokenAddress } : {}), name: n.name }));
    if (nfts.length === 0) throw new BurnValidationError(VALIDATION.noValidNfts);
    // One NFT costs the same whichever button burns it: selected alone, it is the card's burn, built here, no fee.
    if (nfts.length < MIN_NFTS_FOR_SERVICE_FEE) {
      await singleBurnEffect(singleBurnRequested({ kind: 'nft', mint: nfts[0].mint }), api);
      return;
    }

    const connection = requireConnection(api.extra);
    // Token Metadata + Umi load with the first NFT burn, not with the page (same chunk as the single burn).
    const { burnAllowedAccounts, collectionParents, masterHoldersAt, readNftBurns } = await import(
      /* webpackChunkName: "nft-burn" */ '../../../chain/nftBurnPlan'
    );
    const config = await api.dispatch(configApi.endpoints.getConfig.initiate()).unwrap();
    const [answer, own] = await Promise.all([
      requestAllTransactions(api, owner, nfts),
      readNftBurns(connection, owner, nfts, { masterHolders: masterHoldersAt(connection.rpcEndpoint) }),
    ]);
    // The ceiling comes from our own reading of the accounts, never from the server's figures.
    const rentByMint = new Map(own.planned.map((p) => [p.mint, p.rentLamports]));
    const processed = new Set(answer.processedNFTs.map((x) => x.mint));
    const requested = own.planned.filter((p) => processed.has(p.mint));
    const txs = legacyTransactions(answer.txs); // a lookup table or undecodable bytes: the guard's refusal
    // Every transaction the server built is checked (the fee ceiling is for all of them), even when fewer are signed.
    // Fee wallet from the build; the fee ceiling, owners and lamports from the chain guard's own reading (PRODUCT difference 10).
    const checkAll = chainGuardStep(
      connection,
      {
        owner,
        kind: 'burnNfts',
        feeWallet: BUILT_WALLETS.feeWallet,
        allowedAccounts: own.planned.flatMap(burnAllowedAccounts),
        expectedReturns: Object.fromEntries(requested.map((p) => [p.mint, p.rentLamports])),
      },
      { serverWallets: config, dispatch: api.dispatch },
    );

    // One approval for all; a wallet that signs one at a time gets the first transaction (PRODUCT difference 6 fallback).
    const all = canDoAllAtOnce(wallet);
    const batch = all ? txs : txs.slice(0, 1);
    const inBatch = batch.map((tx) => effectOf(tx, config.feeWallet));
    const inBatchMints = new Set(inBatch.flatMap((e) => e.mints));
    // The path runs the guard once, then this review: refused transactions never reach it.
    const review = async (reviewed: Transaction[]) => {
      await reviewBeforeSigning(api, {
        owner,
        txs: reviewed,
        destroyed: nfts.filter((n) => inBatchMints.has(n.mint)).map((n) => ({ mint: n.mint, label: n.name })),
        rentLamports: [...inBatchMints].reduce((sum, m) => sum + (rentByMint.get(m) ?? 0), 0),
        serviceFeeLamports: inBatch.reduce((sum, e) => sum + e.fee, 0),
        collections: collectionParents(own.planned.filter((p) => inBatchMints.has(p.mint))),
      });
    };
    const outcome = await signAndSendBurn(api, batch, () => checkAll(txs), review);
    const effects = outcome.confirmed.map((i) => effectOf(batch[i], BUILT_WALLETS.feeWallet));
    const mints = effects.flatMap((e) => e.mints);
    const fee = effects.reduce((sum, e) => sum + e.fee, 0);
    const names = nfts.filter((n) => mints.includes(n.mint)).map((n) => n.name);
    await recordBurn(api, {
      kind: 'nft',
      owner,
      mints,
      signatures: outcome.signatures,
      rentLamports: mints.reduce((sum, m) => sum + (rentByMint.get(m) ?? 0), 0),
      serviceFeeLamports: fee,
      ...(outcome.error ? { stoppedText: burnFailureText(outcome.error, 'bulkNfts') } : {}),
      what: `${mints.length} NFT${mints.length === 1 ? '' : 's'}`,
      activity: {
        type: 'batch-burn',
        title: `${mints.length} NFT${mints.length === 1 ? '' : 's'} burned`,
        description: names.slice(0, 4).join(', ') + (names.length > 4 ? ', …' : ''),
      },
    });
    if (outcome.error) return;
    if (all || batch.length === txs.length) {
      api.dispatch(selectionCleared());
      return;
    }
    const remaining = selectSelectedNftMints(api.getState()).length;
    if (remaining > 0) {
      await api.delay(REMAINING_TOKENS_MESSAGE_DELAY_MS);
      api.dispatch(burnMessageShown({ kind: 'info', text: remainingNftsMessage(remaining) }));
    }
  } catch (err) {
    if (api.signal.aborted) return;
    if (burnStoppedBeforeSigning(api, err)) return;
    api.dispatch(burnFailed({ name: errorName(err), message: burnFailureText(err, 'bulkNfts') }));
  }
}
