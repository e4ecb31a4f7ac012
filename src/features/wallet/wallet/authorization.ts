// The owner's signed authorisation, built and signed in the page (PRODUCT difference 11): a fresh server nonce, the
// page's own host as domain, the action and exactly the assets it is about. Asked, in this order of preference:
// - `solana:signIn` (Sign In With Solana), where the wallet offers it: the wallet shows it as a sign-in with its own
//   check of the domain against the page. Our text IS the SIWS message of these fields (authMessage.ts), so the
//   wallet's signed message is the very text the server parses;
// - signMessage;
// - for a wallet with neither (many hardware-wallet set-ups), the memo of a legacy transaction that is never sent
//   (src/chain/memoAuthorization.ts).
// The server checks the same rules every way (backend/services/auth/authVerify.ts). The transfer queue prepares its text
// here too but asks no approval of its own where it can: its memo of the text's hash rides in the delegations'
// request (src/features/trash/queue/queueAuthorization.ts).
import { apiLocation } from '../../../api/baseApi';
import type { AuthNonceResponse, SignedAuthorization } from '../../../common/api';
import { formatAuthMessage, signInInputFor, type AuthAction, type AuthMessage } from '../../../common/authMessage';
import { buildMemoAuthorization, memoAuthorizationFits } from '../../../chain/memoAuthorization';
import { AUTH_TEXTS, VALIDATION } from '../../../common/texts';
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

/** The text the owner authorises, with the fields it was made of (a fresh server nonce, the page's own host). */
export interface PreparedAuthorization {
  fields: AuthMessage;
  message: string;
}

/** Can this wallet authorise a queue: its memo rides in a transaction request (sent or signed), or it signs the text. */
export const canAuthorizeQueue = (wallet: SigningDeps['wallet']): boolean =>
  canAuthorize(wallet) || (!!wallet.publicKey && typeof wallet.signAndSendAll === 'function');

export async function prepareAuthorization(
  deps: Pick<AuthorizationDeps, 'wallet' | 'fetchNonce' | 'location'>,
  req: AuthorizationRequest,
): Promise<PreparedAuthorization> {
  const owner = deps.wallet.publicKey;
  if (!owner) throw new WalletNotReadyError(VALIDATION.signingMethodUnsupported);
  const answer = await deps.fetchNonce();
  if (!answer.success || !answer.nonce || !answer.issuedAt || !answer.expirationTime)
    throw new Error(answer.error || AUTH_TEXTS.nonceFailed);
  const { host, origin } = deps.location ?? apiLocation();
  const fields: AuthMessage = {
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
  return { fields, message: formatAuthMessage(fields) };
}

/** Has the owner sign a prepared text: sign in, else sign the message, else a never-sent memo transaction. */
export async function signPrepared(deps: SigningDeps, { fields, message }: PreparedAuthorization): Promise<SignedAuth> {
  const { wallet } = deps;
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
  if (!memoAuthorizationFits(fields.address, message, fields.nonce)) throw new Error(AUTH_TEXTS.memoTooLong);
  const [signed] = await signWithinLimit(deps, [buildMemoAuthorization(fields.address, message, fields.nonce)]);
  // Never sent: only the server reads it (and refuses to broadcast anything of the kind).
  const raw = signed.serialize({ requireAllSignatures: true, verifySignatures: true });
  return { message, signedTransaction: Buffer.from(raw).toString('base64') };
}

export async function signAuthorization(deps: AuthorizationDeps, req: AuthorizationRequest): Promise<SignedAuth> {
  if (!canAuthorize(deps.wallet)) throw new WalletNotReadyError(VALIDATION.signingMethodUnsupported);
  return signPrepared(deps, await prepareAuthorization(deps, req));
}
