import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import type { TokenMetadata } from '../../../common/api';
import { TOKEN_METADATA_CONCURRENCY } from '../../../common/constants';
import { errorFetchingTokens } from '../../../common/texts';
import { requireConnection } from '../../../app/requireConnection';
import { describeError, ServerAnswerError } from '../../../api/loadErrors';
import { walletConnected, walletDisconnected } from '../../../app/events';
import { fetchTokenAccountsFromChain } from './chainTokenAccounts';
import { isBurnable, tokenFromItem, type Token } from './tokenModel';
import { tokensApi } from './tokensApi';
import {
  tokenMetadataResolved,
  tokensLoadFailed,
  tokensLoaded,
  tokensLoadStarted,
  type TokensSource,
} from './tokensSlice';

// docs/PRODUCT.md#loading token load: server endpoint → direct chain query → empty list; then metadata enrichment, 3 at a time,
// for the tokens that arrived without metadata. A new wallet event cancels a load in flight.

type ListenerApi = AppListenerEffectAPI;

/**
 * The list shows burnable tokens only: empty accounts are the vacant banner's. Straight from the chain, single-unit
 * 0-decimal holdings are taken for NFTs (docs/PRODUCT.md#data-and-defaults). The server's list has already left out what it confirmed is an NFT
 * (master edition, token standard, or a fixed supply of 1: backend/services/assets/tokenMetadata.ts isNft), so a unit of a
 * mintable token is listed as the token it is — else it would be in no list while the estimate counts its rent.
 */
const listable = (tokens: Token[]) => tokens.filter(isBurnable);
const listableFromServer = (tokens: Token[]) => tokens.filter((t) => BigInt(t.balance || '0') > 0n);

export async function readTokenSources(
  wallet: string,
  api: ListenerApi,
): Promise<{ tokens: Token[]; source: TokensSource; error?: string; solPriceUsd?: number }> {
  try {
    const answer = await api.pause(
      api
        .dispatch(tokensApi.endpoints.getWalletTokens.initiate(wallet, { subscribe: false, forceRefetch: true }))
        .unwrap(),
    );
    if (!answer.success || !Array.isArray(answer.tokens)) throw new ServerAnswerError(answer.error);
    return {
      tokens: listableFromServer(answer.tokens.map((t) => tokenFromItem(t))),
      source: 'server',
      ...(typeof answer.solPriceUsd === 'number' ? { solPriceUsd: answer.solPriceUsd } : {}),
    };
  } catch (serverError) {
    if (api.signal.aborted) throw serverError;
    try {
      const items = await api.pause(fetchTokenAccountsFromChain(requireConnection(api.extra), wallet));
      return { tokens: listable(items.map((t) => tokenFromItem(t))), source: 'chain' };
    } catch (chainError) {
      if (api.signal.aborted) throw chainError;
      return { tokens: [], source: 'none', error: describeError(chainError) };
    }
  }
}

async function fetchMetadata(mint: string, api: ListenerApi): Promise<TokenMetadata | null> {
  try {
    const answer = await api
      .dispatch(tokensApi.endpoints.getTokenMetadata.initiate(mint, { subscribe: false }))
      .unwrap();
    return answer.success && answer.data ? answer.data : null;
  } catch {
    return null;
  }
}

export async function enrichTokens(wallet: string, tokens: Token[], api: ListenerApi): Promise<void> {
  const missing = tokens.filter((t) => !t.hasMetadata).map((t) => t.mint);
  for (let i = 0; i < missing.length; i += TOKEN_METADATA_CONCURRENCY) {
    const batch = missing.slice(i, i + TOKEN_METADATA_CONCURRENCY);
    const metas = await api.pause(Promise.all(batch.map((mint) => fetchMetadata(mint, api))));
    api.dispatch(tokenMetadataResolved({ wallet, items: batch.map((mint, j) => ({ mint, metadata: metas[j] })) }));
  }
}

export async function loadTokensEffect(action: UnknownAction, api: ListenerApi): Promise<void> {
  api.cancelActiveListeners();
  if (!walletConnected.match(action)) return;
  const wallet = action.payload.publicKey;
  api.dispatch(tokensLoadStarted({ wallet }));
  try {
    const { tokens, source, error, solPriceUsd } = await readTokenSources(wallet, api);
    // Both sources failing still ends in a (empty) list; the message line says why it is empty.
    api.dispatch(
      tokensLoaded({ wallet, tokens, source, error: error ? errorFetchingTokens(error) : null, solPriceUsd }),
    );
    await enrichTokens(wallet, tokens, api);
  } catch (err) {
    if (api.signal.aborted) return;
    api.dispatch(tokensLoadFailed({ wallet, error: errorFetchingTokens(describeError(err)) }));
  }
}

export function setupTokensListeners(startListening: AppStartListening): void {
  startListening({ matcher: isAnyOf(walletConnected, walletDisconnected), effect: loadTokensEffect });
}
