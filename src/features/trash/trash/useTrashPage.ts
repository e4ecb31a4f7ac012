// What the trash views need from the page besides the store: explorer links for the cluster, and for the robust
// way (which signs in its modal, not in a listener) the chain connection, the store's dispatch and the trash wallet.
import { useMemo } from 'react';
import { BUILT_WALLETS } from '../../../common/builtWallets';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { configApi } from '../../../api/configApi';
import { explorerTxUrl, type ExplorerCluster } from '../../../chain/format';
import type { TrashDeps } from './trashTypes';

export type RobustDeps = Omit<TrashDeps, 'wallet'>;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function useExplorer(): { cluster: ExplorerCluster; explorerUrl: (signature: string) => string } {
  const { data: config } = configApi.useGetConfigQuery();
  return useMemo(() => {
    const cluster: ExplorerCluster = config?.localnet ? { customUrl: config.quicknodeRpcUrl } : 'mainnet-beta';
    return { cluster, explorerUrl: (sig: string) => explorerTxUrl(sig, cluster) };
  }, [config]);
}

/** Null until the config and the page's connection are known. */
export function useRobustDeps(): RobustDeps | null {
  const dispatch = useAppDispatch();
  const { extra } = useAppStore();
  const { data: config } = configApi.useGetConfigQuery();
  const connection = extra.connection();
  return useMemo(
    () =>
      config && connection
        ? {
            connection,
            trashWallet: BUILT_WALLETS.trashWallet,
            serverWallets: config,
            dispatch,
            delay: sleep,
          }
        : null,
    [config, connection, dispatch],
  );
}
