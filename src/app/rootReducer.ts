// Every slice of the app plus the RTK Query cache, combined once. Slice files own their state; this only lists them.
import { combineSlices } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import '../api/endpoints';
import activitySlice from '../features/activity/activitySlice';
import burnSlice from '../features/burn/burnSlice';
import celebrationSlice from '../features/celebration/celebrationSlice';
import cnftsSlice from '../features/cnfts/cnftsSlice';
import guardSlice from '../features/guard/guardSlice';
import hiddenAssetsSlice from '../features/hiddenAssets/hiddenAssetsSlice';
import nftsSlice from '../features/nfts/nftsSlice';
import queueSlice from '../features/queue/queueSlice';
import rentSlice from '../features/rent/rentSlice';
import selectionSlice from '../features/selection/selectionSlice';
import tokensSlice from '../features/tokens/tokensSlice';
import trashSlice from '../features/trash/trashSlice';
import vacantSlice from '../features/vacant/vacantSlice';
import walletSlice from '../features/wallet/walletSlice';
import selectionRentSlice from '../features/selectionRent/selectionRentSlice';
import walletInfoSlice from '../features/walletInfo/walletInfoSlice';
import leftAloneSlice from '../features/leftAlone/leftAloneSlice';
import reviewSlice from '../features/review/reviewSlice';
import assetToolsSlice from '../features/assetTools/assetToolsSlice';
import cnftTreesSlice from '../features/cnftTrees/cnftTreesSlice';
import { recoverySlice } from '../features/recovery';
import { revokeSlice } from '../features/revoke';

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
