// docs/PRODUCT.md#server-calls the server-side transfer queue: create, authorise (signed text), status (polled), cancel. Status and cancel
// carry the owner's access token from the authorisation as a header (queueAccess.ts), never as an argument.
import { baseApi } from '../../../api/baseApi';
import { queueAccess } from './queueAccess';
import type {
  QueueAuthorizeRequest,
  QueueAuthorizeResponse,
  QueueCancelRequest,
  QueueCancelResponse,
  QueueCreateRequest,
  QueueCreateResponse,
  QueueStatusResponse,
} from '../../../common/api';

export const queueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createQueue: build.mutation<QueueCreateResponse, QueueCreateRequest>({
      query: (body) => ({ url: 'queue/create', method: 'POST', body }),
    }),
    authorizeQueue: build.mutation<QueueAuthorizeResponse, QueueAuthorizeRequest>({
      query: (body) => ({ url: 'queue/authorize', method: 'POST', body }),
      invalidatesTags: (_r, _e, { queueId }) => [{ type: 'Queue', id: queueId }],
    }),
    getQueueStatus: build.query<QueueStatusResponse, string>({
      query: (queueId) => ({
        url: `queue/status/${encodeURIComponent(queueId)}`,
        headers: queueAccess.headers(queueId),
      }),
      providesTags: (_r, _e, queueId) => [{ type: 'Queue', id: queueId }],
      keepUnusedDataFor: 0,
    }),
    cancelQueue: build.mutation<QueueCancelResponse, QueueCancelRequest>({
      query: ({ queueId, ...body }) => ({
        url: `queue/cancel/${encodeURIComponent(queueId)}`,
        method: 'POST',
        body,
        headers: queueAccess.headers(queueId),
      }),
      invalidatesTags: (_r, _e, { queueId }) => [{ type: 'Queue', id: queueId }],
    }),
  }),
});

export const { useCreateQueueMutation, useAuthorizeQueueMutation, useGetQueueStatusQuery, useCancelQueueMutation } =
  queueApi;
