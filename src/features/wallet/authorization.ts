// The owner's signed authorisation, built and signed in the page (PRODUCT difference 11): a fresh server nonce, the
// page's own host as domain, the action and exactly the assets it is about. Asked, in this order of preference:
// - `solana:signIn` (Sign In With Solana), where the wallet offers it: the wallet shows it as a sign-in with its own
//   check of the domain against the page. Our text IS the SIWS message of these fields (authMessage.ts), so the
//   wallet's signed message is the very text the server parses;
// - signMessage;
// - for a wallet with neither (many hardware-wallet set-ups), the memo of a legacy transaction that is never sent
//   (src/chain/memoAuthorization.ts).
// The server checks the same rules every way (backend/services/authVerify.ts).
import { apiLocation } from '../../api/baseApi';
import type { AuthNonceResponse, SignedAuthorization } from '../../common/api';
import { formatAuthMessage, signInInputFor, type AuthAction } from '../../common/authMessage';
import { buildMemoAuthorization, memoAuthorizationFits } from '../../chain/memoAuthorization';
import { AUTH_TEXTS, VALIDATION } from '../../common/texts';
import { signInWithinLimit, signMessageWithinLimit, signWithinLimit, type SigningDeps } from './signing';
import { SigningFailedError, WalletNotReadyError } from './signingErrors';

export interface AuthorizationDeps extends SigningDeps {
  /** GET /api/auth/nonce. */
  fetchNonce: () => Promise<AuthNonceResponse>;
  /** The page's own location (default: the server the page's /api calls go to, i.e. the page's origin). */
  location?: { host: string; origin: string };
}

export interface AuthorizationRequest {
  action: AuthAction;
  queueId?: string;
  assetIds: string[];
}

/** The signed authorisation: `message` plus `signature` (base64) or `signedTransaction` (base64, memo form). */
export interface SignedAuth extends SignedAuthorization {
  signature?: string;
}

/** Can this wallet authorise at all (a signed message, or a never-sent memo transaction)? */
export const canAuthorize = (wallet: SigningDeps['wallet']): boolean =>
  !!wallet.publicKey &&
  (typeof wallet.signIn === 'function' ||
    typeof wallet.signMessage === 'function' ||
    typeof wallet.signTransaction === 'function');

export async function signAuthorization(deps: AuthorizationDeps, req: AuthorizationRequest): Promise<SignedAuth> {
  const { wallet } = deps;
  const owner = wallet.publicKey;
  if (!owner || !canAuthorize(wallet)) throw new WalletNotReadyError(VALIDATION.signingMethodUnsupported);
  const answer = await deps.fetchNonce();
  if (!answer.success || !answer.nonce || !answer.issuedAt || !answer.expirationTime)
    throw new Error(answer.error || AUTH_TEXTS.nonceFailed);
  const { host, origin } = deps.location ?? apiLocation();
  const fields = {
    domain: host,
    address: owner,
    action: req.action,
    uri: origin,
    nonce: answer.nonce,
    issuedAt: answer.issuedAt,
    expirationTime: answer.expirationTime,
    queueId: req.queueId,
    assetIds: req.assetIds,
  };
  const message = formatAuthMessage(fields);
  if (wallet.signIn) {
    const answer = await signInWithinLimit(deps, signInInputFor(fields));
    // A wallet that signed another text (another domain, added fields) gets nothing from the server: say so here.
    if (new TextDecoder().decode(answer.signedMessage) !== message)
      throw new SigningFailedError(AUTH_TEXTS.signInDiffers);
    return { message, signature: Buffer.from(answer.signature).toString('base64') };
  }
  if (wallet.signMessage) {
    const signature = await signMessageWithinLimit(deps, new TextEncoder().encode(message));
    return { message, signature: Buffer.from(signature).toString('base64') };
  }
  if (!memoAuthorizationFits(owner, message, answer.nonce)) throw new Error(AUTH_TEXTS.memoTooLong);
  const [signed] = await signWithinLimit(deps, [buildMemoAuthorization(owner, message, answer.nonce)]);
  // Never sent: only the server reads it (and refuses to broadcast anything of the kind).
  const raw = signed.serialize({ requireAllSignatures: true, verifySignatures: true });
  return { message, signedTransaction: Buffer.from(raw).toString('base64') };
}
