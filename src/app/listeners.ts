// Registers every feature's listeners on one store's listener middleware. A feature adds one line here.
import { setupBurnListeners } from '../features/burn/burnListeners';
import { setupNftsListeners } from '../features/nfts/nftsListeners';
import { setupQueueListeners } from '../features/queue/queueListeners';
import { setupRentListeners } from '../features/rent/rentListeners';
import { setupTokensListeners } from '../features/tokens/tokensListeners';
import { setupTrashListeners } from '../features/trash/trashListeners';
import { setupVacantListeners } from '../features/vacant/vacantListeners';
import { setupSelectionRentListeners } from '../features/selectionRent/selectionRentListeners';
import { setupWalletInfoListeners } from '../features/walletInfo/walletInfoListeners';
import { setupLeftAloneListeners } from '../features/leftAlone/leftAloneListeners';
import { setupCnftActivityListeners } from '../features/activity/cnftActivityListeners';
import { setupCnftTreesListeners } from '../features/cnftTrees/cnftTreesListeners';
import { setupRecoveryListeners } from '../features/recovery';
import { setupRevokeListeners } from '../features/revoke';
import { burnSucceeded } from '../features/burn';
import { vacantBurnSucceeded } from '../features/vacant';
import type { AppStartListening } from './listenerMiddleware';

export function setupListeners(startAppListening: AppStartListening): void {
  setupTokensListeners(startAppListening);
  setupNftsListeners(startAppListening);
  setupRentListeners(startAppListening);
  setupVacantListeners(startAppListening);
  setupBurnListeners(startAppListening);
  setupQueueListeners(startAppListening);
  setupTrashListeners(startAppListening);
  setupSelectionRentListeners(startAppListening);
  setupWalletInfoListeners(startAppListening, [burnSucceeded, vacantBurnSucceeded]);
  setupLeftAloneListeners(startAppListening);
  setupCnftActivityListeners(startAppListening);
  setupCnftTreesListeners(startAppListening);
  setupRevokeListeners(startAppListening);
  setupRecoveryListeners(startAppListening);
}
