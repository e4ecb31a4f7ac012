import Router from '@koa/router';
import { NATIVE_MINT } from '../../../src/common/addresses';
import type { Services } from '../../context';
import { ServiceUnavailableError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { imageWithoutFetch } from '../../services/image/offchain';
import { upstreamFailure } from '../../services/rpc/upstreamFaults';
import { listTokenAccounts, type OwnedTokenAccount } from '../../services/assets/tokenAccounts';
import { readTokenPrices } from '../../services/assets/tokenPrices';
import { fetchMintInfos, isNft, type MintInfo } from '../../services/assets/tokenMetadata';
import { WalletTokensSchema } from './schema';
import type { WalletTokensResponse } from '../../../src/common/api';

export const TOKEN_SERVICE_UNAVAILABLE = 'Token service temporarily unavailable';

/**
 * GET /api/wallet-tokens/:wallet — fungible token accounts with a balance (SPL + Token-2022), NFTs left out,
 * names/symbols from one batched metadata pass. 503 when the chain cannot be reached.
 */
export function walletTokensRoutes({ rpc, das, logger }: Services): Router {
  const router = new Router();
  router.get(
    '/api/wallet-tokens/:wallet',
    validate(WalletTokensSchema),
    async (ctx: ValidatedContext<typeof WalletTokensSchema>) => {
      const { wallet } = ctx.state.input.params;
      let accounts: OwnedTokenAccount[];
      try {
        accounts = (await listTokenAccounts(rpc, wallet)).filter((a) => a.amount > 0n);
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'wallet-tokens: token accounts unavailable');
        throw (
          upstreamFailure(err, { unavailable: TOKEN_SERVICE_UNAVAILABLE }) ??
          ServiceUnavailableError(TOKEN_SERVICE_UNAVAILABLE)
        );
      }
      // Prices (PRODUCT difference 14) are read beside the metadata; an indexer failure leaves them unknown.
      const noPrices = { byMint: new Map<string, number>(), solPriceUsd: null };
      const pricesRead = accounts.length
        ? readTokenPrices(
            das,
            wallet,
            accounts.map((a) => a.mint),
          ).catch((err: Error) => {
            logger.warn({ err: err.message }, 'wallet-tokens: prices unavailable');
            return noPrices;
          })
        : Promise.resolve(noPrices); // nothing to value: no indexer call
      let infos = new Map<string, MintInfo>();
      try {
        // Only single-unit, zero-decimal holdings can be NFTs: only they need their edition account looked up.
        const candidates = new Set(accounts.filter((a) => a.decimals === 0 && a.amount === 1n).map((a) => a.mint));
        infos = await fetchMintInfos(
          rpc,
          accounts.map((a) => a.mint),
          (m) => candidates.has(m),
        );
      } catch (err) {
        // Balances are still right without names; the client enriches per mint later.
        logger.warn({ err: (err as Error).message }, 'wallet-tokens: metadata unavailable');
      }
      const prices = await pricesRead;
      const solPriceUsd = prices.solPriceUsd ?? prices.byMint.get(NATIVE_MINT) ?? null;
      const tokens = accounts
        .filter((a) => !isNft(infos.get(a.mint), a.amount, a.decimals))
        .map((a) => {
          const md = infos.get(a.mint);
          const logo = imageWithoutFetch(md?.uri);
          return {
            mint: a.mint,
            amount: a.amount.toString(),
            decimals: a.decimals,
            ...(a.uiAmountString !== undefined ? { uiAmountString: a.uiAmountString } : {}),
            tokenAccount: a.address,
            programId: a.program,
            // Wrapped SOL: closing the account unwraps it; burning would destroy SOL.
            ...(a.mint === NATIVE_MINT ? { isNative: true } : {}),
            ...(md?.symbol ? { symbol: md.symbol } : {}),
            ...(md?.name ? { name: md.name } : {}),
            ...(logo ? { logoURI: logo } : {}),
            ...(md?.uri ? { metadataUri: md.uri } : {}),
            lamports: a.lamports,
            ...(prices.byMint.has(a.mint) ? { priceUsd: prices.byMint.get(a.mint) } : {}),
          };
        });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        success: true,
        tokens,
        ...(solPriceUsd !== null ? { solPriceUsd } : {}),
      } satisfies WalletTokensResponse;
    },
  );
  return router;
}
