// Every slice of the app plus the RTK Query cache, combined once. Slice files own their state; this only lists them.
import { combineSlices } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import '../api/endpoints';
import activitySlice from '../features/activity/activity/activitySlice';
import burnSlice from '../features/burn/burn/burnSlice';
import celebrationSlice from '../features/activity/celebration/celebrationSlice';
import cnftsSlice from '../features/assets/cnfts/cnftsSlice';
import guardSlice from '../features/wallet/guard/guardSlice';
import hiddenAssetsSlice from '../features/assets/hiddenAssets/hiddenAssetsSlice';
import nftsSlice from '../features/assets/nfts/nftsSlice';
import queueSlice from '../features/trash/queue/queueSlice';
import rentSlice from '../features/recover/rent/rentSlice';
import selectionSlice from '../features/assets/selection/selectionSlice';
import tokensSlice from '../features/assets/tokens/tokensSlice';
import trashSlice from '../features/trash/trash/trashSlice';
import vacantSlice from '../features/recover/vacant/vacantSlice';
import walletSlice from '../features/wallet/wallet/walletSlice';
import selectionRentSlice from '../features/assets/selectionRent/selectionRentSlice';
import walletInfoSlice from '../features/wallet/walletInfo/walletInfoSlice';
import leftAloneSlice from '../features/recover/leftAlone/leftAloneSlice';
import reviewSlice from '../features/burn/review/reviewSlice';
import assetToolsSlice from '../features/assets/assetTools/assetToolsSlice';
import cnftTreesSlice from '../features/assets/cnftTrees/cnftTreesSlice';
import { recoverySlice } from '../features/recover/recovery';
import { revokeSlice } from '../features/trash/revoke';

export const rootReducer = combineSlices(
  walletSlice,
  tokensSlice,
  nftsSlice,
  cnftsSlice,
  selectionSlice,
  rentSlice,
  vacantSlice,
  burnSlice,
  queueSlice,
  trashSlice,
  activitySlice,
  hiddenAssetsSlice,
  celebrationSlice,
  selectionRentSlice,
  walletInfoSlice,
  assetToolsSlice,
  reviewSlice,
  leftAloneSlice,
  guardSlice,
  cnftTreesSlice,
  revokeSlice,
  recoverySlice,
  baseApi,
);

export type CombinedState = ReturnType<typeof rootReducer>;
