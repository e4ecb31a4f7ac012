import type Router from '@koa/router';
import type { Services } from '../context';
import { assetRoutes } from './asset';
import { authRoutes } from './auth';
import { batchBurnNftRoutes } from './batch-burn-nft';
import { burnCnftRoutes } from './burn-cnft';
import { cnftRoutes } from './cnft';
import { configRoutes } from './config';
import { delegateRoutes } from './delegate';
import { heliusRoutes } from './helius';
import { imageRoutes } from './image';
import { localnetRoutes } from './localnet';
import { prepareRecoveryRoutes } from './prepare-recovery';
import { queueRoutes } from './queue';
import { recoverableRoutes } from './recoverable';
import { relayerRoutes } from './relayer';
import { rentEstimateRoutes } from './rent-estimate';
import { robustTransferRoutes } from './robust-transfer';
import { rpcRoutes } from './rpc';
import { tokenMetadataRoutes } from './token-metadata';
import { vacantRoutes } from './vacant';
import { walletTokensRoutes } from './wallet-tokens';

type RouteFactory = (services: Services) => Router;

/**
 * Every /api resource, listed by hand (alphabetically, the order the old folder scan used). A module that fails to
 * load fails the import of this file, and a factory that throws fails `createApp`: a broken route stops the server
 * at start-up instead of answering 404 later.
 * A folder is named after the first path segment after /api it serves; `vacant` serves the three vacant-account
 * calls (burn-vacant-accounts, prepare-burn-transactions, submit-burn-transaction) and `asset` also answers
 * /api/helius/asset and /api/helius/asset-proof (the spec's cNFT data calls).
 */
export const API_ROUTES: ReadonlyArray<readonly [name: string, factory: RouteFactory]> = [
  ['asset', assetRoutes],
  ['auth', authRoutes],
  ['batch-burn-nft', batchBurnNftRoutes],
  ['burn-cnft', burnCnftRoutes],
  ['cnft', cnftRoutes],
  ['config', configRoutes],
  ['delegate', delegateRoutes],
  ['helius', heliusRoutes],
  ['image', imageRoutes],
  ['localnet', localnetRoutes],
  ['prepare-recovery', prepareRecoveryRoutes],
  ['queue', queueRoutes],
  ['recoverable', recoverableRoutes],
  ['relayer', relayerRoutes],
  ['rent-estimate', rentEstimateRoutes],
  ['robust-transfer', robustTransferRoutes],
  ['rpc', rpcRoutes],
  ['token-metadata', tokenMetadataRoutes],
  ['vacant', vacantRoutes],
  ['wallet-tokens', walletTokensRoutes],
];

export function apiRouters(services: Services, routes = API_ROUTES): Router[] {
  return routes.map(([name, factory]) => {
    try {
      return factory(services);
    } catch (err) {
      throw new Error(`backend/routes/${name} failed to start: ${(err as Error).message}`, { cause: err });
    }
  });
}
