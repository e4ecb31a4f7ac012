// GET /api/auth/nonce (PRODUCT difference 11). A mutation on purpose: RTK Query shares concurrent identical queries,
// and a one-use nonce must never serve two authorisations.
import type { AuthNonceResponse } from '../common/api';
import { baseApi } from './baseApi';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuthNonce: build.mutation<AuthNonceResponse, void>({
      query: () => ({ url: 'auth/nonce', method: 'GET' }),
    }),
  }),
});
