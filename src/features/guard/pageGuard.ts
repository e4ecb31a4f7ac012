// The page's chain-reading guard: chainGuard (src/chain) over the page's own Connection (/api/rpc), reporting the
// simulated SOL change to the store so the confirm step can show it. Every flow calls this before the wallet.
import type { Connection } from '@solana/web3.js';
import { type ChainGuardContext, chainGuard } from '../../chain/chainGuard';
import { connectionChainReader } from '../../chain/chainReader';
import type { TransactionInput } from '../../chain/decode';
import { solChangeCleared, solChangeSimulated } from './guardSlice';

export type PageGuard = (transactions: readonly TransactionInput[], intent: Omit<ChainGuardContext, 'reader' | 'onChecked'>) => Promise<void>;

export function pageGuard(connection: Connection, dispatch: (action: { type: string }) => unknown): PageGuard {
  const reader = connectionChainReader(connection);
  return async (transactions, intent) => {
    dispatch(solChangeCleared());
    await chainGuard(transactions, { ...intent, reader, onChecked: (r) => dispatch(solChangeSimulated(r.ownerChangeLamports)) });
  };
}
