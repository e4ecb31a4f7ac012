import { isAnyOf } from '@reduxjs/toolkit';
import { PublicKey } from '@solana/web3.js';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { toolsSortSet } from '../assetTools/assetToolsSlice';
import { selectNfts } from '../nfts/nftsSlice';
import { requireConnection } from '../../../app/requireConnection';
import {
  assetSelectionToggled,
  assetsSelected,
  selectSelectedNftMints,
  selectSelectedTokenMints,
} from '../selection/selectionSlice';
import { selectTokens } from '../tokens/tokensSlice';
import { type AssetRent, selectionRentRead, selectionRentReading } from './selectionRentSlice';

// Reads the lamports of newly selected assets from the chain, a moment after the selection settles (a select-all
// of 1,000 tokens is 10 getMultipleAccounts calls, not 1,000 reads).
const SETTLE_MS = 150;
const PER_CALL = 100;
const READ_ATTEMPTS = 4;
const RETRY_MS = 1_000;

async function readTokenRents(
  api: AppListenerEffectAPI,
  owner: string,
  mints: string[],
): Promise<Record<string, AssetRent>> {
  const byMint = new Map(selectTokens(api.getState()).map((t) => [t.mint, t]));
  const tokens = mints.map((m) => byMint.get(m)).filter((t) => t !== undefined);
  const connection = requireConnection(api.extra);
  const out: Record<string, AssetRent> = {};
  if (tokens.length === 0) return out;
  // The burn planner (and spl-token) arrive with the first selection, in the burn flows' chunk a burn needs next.
  const { planTokenBurn } = await api.pause(
    import(/* webpackChunkName: "burn-flows" */ '../../../chain/tokenBurnPlan'),
  );
  for (let i = 0; i < tokens.length; i += PER_CALL) {
    const chunk = tokens.slice(i, i + PER_CALL);
    const infos = await api.pause(
      connection.getMultipleAccountsInfo(
        chunk.map((t) => new PublicKey(t.account)),
        'confirmed',
      ),
    );
    chunk.forEach((t, k) => {
      const plan = planTokenBurn(owner, t, infos[k]);
      out[t.mint] = plan.ok
        ? { lamports: plan.lamports, native: plan.native || undefined }
        : { lamports: 0, reason: plan.reason };
    });
  }
  return out;
}

async function readNftRents(
  api: AppListenerEffectAPI,
  owner: string,
  mints: string[],
): Promise<Record<string, AssetRent>> {
  const byMint = new Map(selectNfts(api.getState()).map((n) => [n.mint, n]));
  const items = mints.flatMap((m) => {
    const n = byMint.get(m);
    return n?.tokenAddress ? [{ mint: m, tokenAccount: n.tokenAddress, name: n.name }] : [];
  });
  const out: Record<string, AssetRent> = {};
  // Kinds without a token account (Metaplex Core assets, PRODUCT difference 12): the estimate's own per-asset figure.
  const perAsset = api.getState().rent.estimate?.nftRents ?? {};
  for (const m of mints) {
    if (items.some((i) => i.mint === m)) continue;
    out[m] = m in perAsset ? { lamports: perAsset[m] } : { lamports: 0, reason: 'no token account' };
  }
  if (items.length === 0) return out;
  const { masterHoldersAt, readNftBurns } = await import(
    /* webpackChunkName: "nft-burn" */ '../../../chain/nftBurnPlan'
  );
  const connection = requireConnection(api.extra);
  const masterHolders = masterHoldersAt(connection.rpcEndpoint); // a print's master holder: DAS first
  const { planned, skipped } = await api.pause(readNftBurns(connection, owner, items, { masterHolders }));
  for (const p of planned) out[p.mint] = { lamports: p.rentLamports };
  for (const s of skipped) out[s.mint] = { lamports: 0, reason: s.reason };
  return out;
}

export async function readSelectionRent(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  api.cancelActiveListeners();
  await api.delay(SETTLE_MS);
  const state = api.getState();
  const owner = state.wallet.publicKey;
  if (!owner) return;
  // Sorting by SOL back needs every asset's figure; otherwise only the selected ones are read.
  const tokenMints =
    state.assetTools.token.sort === 'solBack'
      ? selectTokens(state).map((t) => t.mint)
      : selectSelectedTokenMints(state);
  const nftMints =
    state.assetTools.nft.sort === 'solBack' ? selectNfts(state).map((n) => n.mint) : selectSelectedNftMints(state);
  const newTokens = tokenMints.filter((m) => !(m in state.selectionRent.tokens));
  const newNfts = nftMints.filter((m) => !(m in state.selectionRent.nfts));
  if (newTokens.length === 0 && newNfts.length === 0) return;
  api.dispatch(selectionRentReading());
  // A failed read is tried again (the card would otherwise wait for figures forever).
  for (let attempt = 1; ; attempt++) {
    try {
      const [tokens, nfts] = await Promise.all([
        readTokenRents(api, owner, newTokens),
        readNftRents(api, owner, newNfts),
      ]);
      api.dispatch(selectionRentRead({ tokens, nfts }));
      return;
    } catch (err) {
      if (api.signal.aborted) return;
      if (attempt >= READ_ATTEMPTS) {
        console.warn('[selection] could not read the selected accounts', err);
        api.dispatch(selectionRentRead({ tokens: {}, nfts: {} }));
        return;
      }
      await api.delay(RETRY_MS * attempt);
    }
  }
}

export function setupSelectionRentListeners(startAppListening: AppStartListening): void {
  startAppListening({
    matcher: isAnyOf(assetSelectionToggled, assetsSelected, toolsSortSet),
    effect: readSelectionRent,
  });
}
