// Registers every feature's listeners on one store's listener middleware. A feature adds one line here.
import { setupBurnListeners } from '../features/burn/burn/burnListeners';
import { setupNftsListeners } from '../features/assets/nfts/nftsListeners';
import { setupQueueListeners } from '../features/trash/queue/queueListeners';
import { setupRentListeners } from '../features/recover/rent/rentListeners';
import { setupTokensListeners } from '../features/assets/tokens/tokensListeners';
import { setupTrashListeners } from '../features/trash/trash/trashListeners';
import { setupVacantListeners } from '../features/recover/vacant/vacantListeners';
import { setupSelectionRentListeners } from '../features/assets/selectionRent/selectionRentListeners';
import { setupWalletInfoListeners } from '../features/wallet/walletInfo/walletInfoListeners';
import { setupLeftAloneListeners } from '../features/recover/leftAlone/leftAloneListeners';
import { setupCnftActivityListeners } from '../features/trash/trash/cnftActivityListeners';
import { setupCnftTreesListeners } from '../features/assets/cnftTrees/cnftTreesListeners';
import { setupRecoveryListeners } from '../features/recover/recovery';
import { setupRevokeListeners } from '../features/trash/revoke';
import { burnSucceeded } from '../features/burn/burn';
import { vacantBurnSucceeded } from '../features/recover/vacant';
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
