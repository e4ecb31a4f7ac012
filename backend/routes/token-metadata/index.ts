import Router from '@koa/router';
import type { Services } from '../../context';
import { appError, isRateLimited, RateLimitedError, ServiceUnavailableError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { resolveImage } from '../../services/image/offchain';
import { upstreamFailure } from '../../services/rpc/upstreamFaults';

const TOKEN_METADATA_UNAVAILABLE = 'Token metadata temporarily unavailable';
import { fetchMintInfos, type MintInfo } from '../../services/assets/tokenMetadata';
import { TokenMetadataSchema } from './schema';
import type { TokenMetadataResponse } from '../../../src/common/api';

/**
 * GET /api/token-metadata/:mint → {symbol, name, icon, decimals, uri}. Empty symbol/name = no metadata on chain
 * (the client applies its defaults). 429 when the upstream rate-limits, so the client's retry applies.
 */
export function tokenMetadataRoutes({ rpc, config }: Services): Router {
  const router = new Router();
  router.get(
    '/api/token-metadata/:mint',
    validate(TokenMetadataSchema),
    async (ctx: ValidatedContext<typeof TokenMetadataSchema>) => {
      const { mint } = ctx.state.input.params;
      let info: MintInfo | undefined;
      try {
        info = (await fetchMintInfos(rpc, [mint])).get(mint);
      } catch (err) {
        if (isRateLimited(err)) throw RateLimitedError();
        throw (
          upstreamFailure(err, { unavailable: TOKEN_METADATA_UNAVAILABLE }) ??
          ServiceUnavailableError(TOKEN_METADATA_UNAVAILABLE)
        );
      }
      if (!info?.exists) throw appError(404, 'token_mint_not_found');
      const icon = await resolveImage(info.uri, config.staticDir);
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = {
        success: true,
        data: {
          symbol: info.symbol ?? '',
          name: info.name ?? '',
          icon,
          decimals: info.decimals ?? 0,
          uri: info.uri || null,
        },
      } satisfies TokenMetadataResponse;
    },
  );
  return router;
}
