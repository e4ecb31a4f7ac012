// The fee, trash and delegate addresses this page was built for (webpack's DefinePlugin writes FEE_WALLET,
// TRASH_WALLET and DELEGATE_ADDRESS into the bundle; unset → the local defaults). The page never takes them from
// the server: a server whose /api/config names other ones is refused (PRODUCT difference 10), so a hostile server cannot point
// the fee or the trash at itself.
import { CHAIN_GUARD } from './texts';
import { LOCAL_DEFAULT_FEE_WALLET, LOCAL_DEFAULT_TRASH_WALLET } from './addresses';

export interface BuiltWallets {
  feeWallet: string;
  trashWallet: string;
  /** null: the build pins no delegate; only a local chain's own delegate is then accepted. */
  delegate: string | null;
}

export const BUILT_WALLETS: BuiltWallets = {
  feeWallet: process.env.SOLBACK_FEE_WALLET || LOCAL_DEFAULT_FEE_WALLET,
  trashWallet: process.env.SOLBACK_TRASH_WALLET || LOCAL_DEFAULT_TRASH_WALLET,
  delegate: process.env.SOLBACK_DELEGATE_ADDRESS || null,
};

/** The server named an address this build does not know. The message is the user-facing text. */
export class ServerMismatchError extends Error {
  name = 'ServerMismatchError';
}

export interface ServerWallets {
  feeWallet?: string;
  trashWallet?: string;
  delegate?: string | null;
  localnet?: boolean;
}

/** The built wallets, after checking that the server's /api/config names the same ones; throws otherwise. */
export function pinnedWallets(
  server: ServerWallets,
  built: BuiltWallets = BUILT_WALLETS,
): Required<Omit<BuiltWallets, 'delegate'>> & { delegate: string | null } {
  if (server.feeWallet !== built.feeWallet)
    throw new ServerMismatchError(
      CHAIN_GUARD.serverMismatch('the fee wallet', String(server.feeWallet), built.feeWallet),
    );
  if (server.trashWallet !== undefined && server.trashWallet !== built.trashWallet)
    throw new ServerMismatchError(
      CHAIN_GUARD.serverMismatch('the trash wallet', server.trashWallet, built.trashWallet),
    );
  let delegate = built.delegate;
  if (built.delegate && server.delegate && server.delegate !== built.delegate)
    throw new ServerMismatchError(CHAIN_GUARD.serverMismatch('the delegate', server.delegate, built.delegate));
  // A local chain makes its delegate key on first start, so a local build cannot know it; upstream builds pin it.
  if (!built.delegate && server.localnet) delegate = server.delegate ?? null;
  return { feeWallet: built.feeWallet, trashWallet: built.trashWallet, delegate };
}

/** The delegate the page may delegate to: the build's, or a local chain's own; null when the server names another. */
export function pinnedDelegate(server: ServerWallets): string | null {
  try {
    return pinnedWallets(server).delegate;
  } catch {
    return null;
  }
}

/** The refusal text when the server names wallets this build does not know, else null. */
export function serverMismatch(server: ServerWallets): string | null {
  try {
    pinnedWallets(server);
    return null;
  } catch (err) {
    if (err instanceof ServerMismatchError) return err.message;
    throw err;
  }
}
