// docs/PRODUCT.md#server-calls wallet tokens and token metadata (10 s time-out, up to 3 retries on 429).
import { baseApi } from '../../../api/baseApi';
import { tokenMetadataRetry } from '../../../api/retryPolicies';
import type { TokenMetadataResponse, WalletTokensResponse } from '../../../common/api';
import { TOKEN_METADATA_TIMEOUT_MS } from '../../../common/constants';

export const tokensApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWalletTokens: build.query<WalletTokensResponse, string>({
      query: (wallet) => `wallet-tokens/${encodeURIComponent(wallet)}`,
      providesTags: (_r, _e, wallet) => [{ type: 'Tokens', id: wallet }],
    }),
    getTokenMetadata: build.query<TokenMetadataResponse, string>({
      query: (mint) => ({ url: `token-metadata/${encodeURIComponent(mint)}`, timeout: TOKEN_METADATA_TIMEOUT_MS }),
      extraOptions: { retry: tokenMetadataRetry },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetWalletTokensQuery, useGetTokenMetadataQuery } = tokensApi;
