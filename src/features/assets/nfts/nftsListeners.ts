import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import type { AssetListResponse, WalletAsset } from '../../../common/api';
import { errorFetchingNfts } from '../../../common/texts';
import { cnftsApi } from '../cnfts/cnftsApi';
import { lookupCnftsViaDas } from '../cnfts/dasCnftLookup';
import { requireConnection } from '../../../app/requireConnection';
import { describeError, ServerAnswerError } from '../../../api/loadErrors';
import { walletConnected, walletDisconnected } from '../../../app/events';
import { cnftFromAsset, isCompressed, nftFromAsset, type Cnft, type Nft } from './nftModel';
import { nftsApi } from './nftsApi';
import { nftsLoaded, nftsLoadFailed, nftsLoadStarted, type NftsSource } from './nftsSlice';
import { lookupNftsOnChain } from './onchainNftLookup';

// docs/PRODUCT.md#loading NFT load: the combined endpoint; on failure the separate assets and cNFT endpoints, then — if that left
// no regular NFTs — the on-chain lookup, and — if no cNFTs and the wallet can sign — the DAS cNFT handler.
// Hidden cNFTs are filtered by the selectors, so a trash shows at once.

type ListenerApi = AppListenerEffectAPI;

export interface NftLoadResult {
  nfts: Nft[];
  cnfts: Cnft[];
  source: NftsSource;
  /** Set when every source failed. */
  error?: string;
  /** The server's note that the wallet holds more than it listed. */
  notice?: string;
}

async function readList(
  api: ListenerApi,
  request: () => { unwrap(): Promise<AssetListResponse> },
): Promise<WalletAsset[]> {
  const answer = await api.pause(request().unwrap());
  if (!answer.success || !Array.isArray(answer.data)) throw new ServerAnswerError(answer.error);
  return answer.data;
}

export async function readNftSources(wallet: string, api: ListenerApi): Promise<NftLoadResult> {
  try {
    const answer = await api.pause(
      api.dispatch(nftsApi.endpoints.getWalletNfts.initiate(wallet, { subscribe: false, forceRefetch: true })).unwrap(),
    );
    if (!answer.success || !answer.data) throw new ServerAnswerError(answer.error);
    return {
      nfts: (answer.data.regularNfts ?? []).map(nftFromAsset),
      cnfts: (answer.data.compressedNfts ?? []).map(cnftFromAsset),
      source: 'combined',
      ...(answer.truncated && answer.notice ? { notice: answer.notice } : {}),
    };
  } catch (combinedError) {
    if (api.signal.aborted) throw combinedError;
    const [assets, compressed] = await Promise.allSettled([
      readList(api, () =>
        api.dispatch(nftsApi.endpoints.getWalletAssets.initiate(wallet, { subscribe: false, forceRefetch: true })),
      ),
      readList(api, () =>
        api.dispatch(cnftsApi.endpoints.getWalletCnfts.initiate(wallet, { subscribe: false, forceRefetch: true })),
      ),
    ]);
    if (api.signal.aborted) throw combinedError;
    let nfts = assets.status === 'fulfilled' ? assets.value.filter((a) => !isCompressed(a)).map(nftFromAsset) : [];
    let cnfts = compressed.status === 'fulfilled' ? compressed.value.map(cnftFromAsset) : [];
    let onchainFailed: unknown = null;
    if (nfts.length === 0) {
      try {
        nfts = await api.pause(lookupNftsOnChain(requireConnection(api.extra), wallet, (ms) => api.delay(ms)));
      } catch (err) {
        if (api.signal.aborted) throw err;
        onchainFailed = err;
      }
    }
    let cnftHandlerFailed = true;
    if (cnfts.length === 0 && api.extra.wallet.signTransaction) {
      try {
        cnfts = await api.pause(lookupCnftsViaDas(requireConnection(api.extra).rpcEndpoint, wallet));
        cnftHandlerFailed = false;
      } catch (err) {
        if (api.signal.aborted) throw err;
      }
    }
    const allFailed =
      assets.status === 'rejected' && compressed.status === 'rejected' && onchainFailed !== null && cnftHandlerFailed;
    return { nfts, cnfts, source: 'fallback', error: allFailed ? describeError(combinedError) : undefined };
  }
}

export async function loadNftsEffect(action: UnknownAction, api: ListenerApi): Promise<void> {
  api.cancelActiveListeners();
  if (!walletConnected.match(action)) return;
  const wallet = action.payload.publicKey;
  api.dispatch(nftsLoadStarted({ wallet }));
  try {
    const { nfts, cnfts, source, error, notice } = await readNftSources(wallet, api);
    api.dispatch(
      nftsLoaded({
        wallet,
        nfts,
        cnfts,
        source,
        error: error ? errorFetchingNfts(error) : null,
        notice: notice ?? null,
      }),
    );
  } catch (err) {
    if (api.signal.aborted) return;
    api.dispatch(nftsLoadFailed({ wallet, error: errorFetchingNfts(describeError(err)) }));
  }
}

export function setupNftsListeners(startListening: AppStartListening): void {
  startListening({ matcher: isAnyOf(walletConnected, walletDisconnected), effect: loadNftsEffect });
}
