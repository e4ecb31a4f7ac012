// The fee relayer this page was built for (PRODUCT differences 10 and 15): webpack's DefinePlugin writes RELAYER_ADDRESS into the
// bundle, as it does the fee, trash and delegate wallets (builtWallets.ts). The page accepts a relayed transaction only
// when its fee payer is this address; a server naming another one is refused. A local chain makes its relayer key on
// first start, so a build without RELAYER_ADDRESS accepts only a local chain's own relayer, like the delegate.
import { CHAIN_GUARD } from './texts/guardTexts';
import { ServerMismatchError } from './builtWallets';

export const BUILT_RELAYER: string | null = process.env.SOLBACK_RELAYER_ADDRESS || null;

/** Upstream builds must name the relayer; the page never takes it from the server. */
export const RELAYER_NOT_PINNED =
  'This page was built without a relayer address, so it cannot let this server pay the network fee. Nothing was signed.';

/** The relayer the page may accept as fee payer; throws ServerMismatchError (its message is the user's text). */
export function pinnedRelayer(
  server: { relayer: string | null | undefined; localnet?: boolean },
  built: string | null = BUILT_RELAYER,
): string {
  if (built) {
    if (server.relayer && server.relayer !== built)
      throw new ServerMismatchError(CHAIN_GUARD.serverMismatch('the fee relayer', server.relayer, built));
    return built;
  }
  if (server.localnet && server.relayer) return server.relayer;
  throw new ServerMismatchError(RELAYER_NOT_PINNED);
}
