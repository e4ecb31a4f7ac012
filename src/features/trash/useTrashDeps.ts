// What the trash modals need from the page: the wallet, the chain connection, the /api calls and the config
// (trash wallet, server delegate, explorer cluster).
import { useConnection, useWallet } from '@solana/wallet-adapter-react';
import { useMemo } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { configApi } from '../../api/configApi';
import { explorerTxUrl, type ExplorerCluster } from '../../chain/format';
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
    const deps: TrashDeps | null =
      config && connection ? { wallet, connection, api: makeTrashApi(dispatch), trashWallet: config.trashWallet } : null;
    return { deps, wallet, delegate: config?.delegate ?? null, explorerUrl: (sig: string) => explorerTxUrl(sig, cluster) };
  }, [dispatch, connection, publicKey, connected, signTransaction, signAllTransactions, signMessage, config]);
}
