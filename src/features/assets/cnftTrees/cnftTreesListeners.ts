import { PublicKey } from '@solana/web3.js';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { treeProofNodes } from '../../../chain/cnftProofFit';
import { nftsLoaded } from '../nfts/nftsSlice';
import { requireConnection } from '../../../app/requireConnection';
import { cnftTreesRead } from './cnftTreesSlice';

// After the cNFTs load: read each tree they live in once (a wallet's cNFTs sit in a few trees), from the chain,
// not from the server's word. Informational: a failed read leaves the cNFTs unlabelled.
const PER_CALL = 20;

export async function readCnftTrees(action: ReturnType<typeof nftsLoaded>, api: AppListenerEffectAPI): Promise<void> {
  api.cancelActiveListeners();
  const known = api.getState().cnftTrees.nodes;
  const trees = [
    ...new Set(action.payload.cnfts.map((c) => c.compression?.tree).filter((t): t is string => Boolean(t))),
  ].filter((t) => !(t in known));
  if (trees.length === 0) return;
  try {
    const connection = requireConnection(api.extra);
    const read: Record<string, number> = {};
    for (let i = 0; i < trees.length; i += PER_CALL) {
      const chunk = trees.slice(i, i + PER_CALL);
      const infos = await api.pause(
        connection.getMultipleAccountsInfo(
          chunk.map((t) => new PublicKey(t)),
          'confirmed',
        ),
      );
      chunk.forEach((t, k) => {
        const nodes = infos[k] ? treeProofNodes(infos[k].data) : null;
        if (nodes !== null) read[t] = nodes;
      });
    }
    api.dispatch(cnftTreesRead(read));
  } catch {
    // The label is a help, not a gate: the trash and burn ways measure the transaction again anyway.
  }
}

export function setupCnftTreesListeners(startAppListening: AppStartListening): void {
  startAppListening({ actionCreator: nftsLoaded, effect: readCnftTrees });
}
