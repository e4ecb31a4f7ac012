// What the trash modals need from the page: the wallet, the chain connection, the /api calls and the config
// (trash wallet, server delegate, explorer cluster).
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { configApi } from '../../api/configApi';
import { explorerTxUrl, type ExplorerCluster } from '../../chain/format';
import { BUILT_WALLETS, pinnedWallets } from '../../common/builtWallets';
import { type PageGuard, pageGuard } from '../guard/pageGuard';
import { makeTrashApi } from './trashApiAdapter';
import type { TrashDeps, TrashWallet } from './trashFlows';

export interface TrashContext {
  deps: TrashDeps | null;
  wallet: TrashWallet;
  delegate: string | null;
  explorerUrl: (signature: string) => string;
}

export function useTrashDeps(): TrashContext {
  const dispatch = useAppDispatch();
  const { connection } = useConnection();
  const { publicKey, connected, signTransaction, signAllTransactions, signMessage } = useWallet();
  const { data: config } = configApi.useGetConfigQuery();
  return useMemo(() => {
    const wallet: TrashWallet = {
      publicKey: connected && publicKey ? publicKey.toBase58() : null,
      signTransaction: signTransaction as TrashWallet['signTransaction'],
      signAllTransactions: signAllTransactions as TrashWallet['signAllTransactions'],
      signMessage,
    };
    const cluster: ExplorerCluster = config?.localnet ? { customUrl: config.quicknodeRpcUrl } : 'mainnet-beta';
    // Trash wallet and delegate from the build; a server naming others is refused at the guard step.
    let pinned: ReturnType<typeof pinnedWallets> | null = null;
    let mismatch: unknown = null;
    try {
      pinned = config ? pinnedWallets(config) : null;
    } catch (err) {
      mismatch = err;
    }
    const chainGuard = connection ? pageGuard(connection, dispatch) : null;
    const guard: PageGuard = async (txs, intent) => {
      if (mismatch) throw mismatch;
      await chainGuard!(txs, intent);
    };
    const deps: TrashDeps | null =
      config && connection ? { wallet, connection, api: makeTrashApi(dispatch), trashWallet: BUILT_WALLETS.trashWallet, guard } : null;
    return { deps, wallet, delegate: pinned?.delegate ?? null, explorerUrl: (sig: string) => explorerTxUrl(sig, cluster) };
  }, [dispatch, connection, publicKey, connected, signTransaction, signAllTransactions, signMessage, config]);
}
