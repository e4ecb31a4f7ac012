// The /api calls of the trash flows through the RTK Query endpoints (one cache, one base query, the spec's
// time-outs and retries). A failed call becomes an Error carrying the server's text.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { describeApiError } from '../../../api/apiError';
import { authApi } from '../../../api/authApi';
import { cnftsApi } from '../../assets/cnfts';
import { trashApi } from './trashApi';
import type { TrashApi } from './trashTypes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, any, UnknownAction>;

export class ApiCallError extends Error {
  name = 'ApiCallError';
  constructor(
    message: string,
    readonly status: number | string,
  ) {
    super(message);
  }
}

async function unwrap<T>(p: { unwrap(): Promise<T> } & { unsubscribe?: () => void }): Promise<T> {
  try {
    return await p.unwrap();
  } catch (err) {
    const info = describeApiError(err);
    throw new ApiCallError(info.message, info.status);
  } finally {
    p.unsubscribe?.();
  }
}

export function makeTrashApi(dispatch: Dispatch): TrashApi {
  return {
    getAssetProof: (id) =>
      unwrap(dispatch(cnftsApi.endpoints.getAssetProof.initiate(id, { subscribe: false, forceRefetch: true }))),
    getAsset: (id) =>
      unwrap(dispatch(cnftsApi.endpoints.getAsset.initiate(id, { subscribe: false, forceRefetch: true }))),
    robustTransfer: (body) => unwrap(dispatch(trashApi.endpoints.robustTransfer.initiate(body))),
    delegatedTransfer: (body) => unwrap(dispatch(trashApi.endpoints.delegatedTransfer.initiate(body))),
    getDelegateInfo: (id) =>
      unwrap(dispatch(trashApi.endpoints.getDelegateInfo.initiate(id, { subscribe: false, forceRefetch: true }))),
    cnftDelegate: (body) => unwrap(dispatch(trashApi.endpoints.cnftDelegate.initiate(body))),
    getAuthNonce: () => unwrap(dispatch(authApi.endpoints.getAuthNonce.initiate())),
  };
}
