// The server's error texts, keyed by the id an error carries (backend/errors.ts `AppError`): code throws an id and the
// message is looked up here, as @solana/kit's errors/messages.ts does. A text with a detail is a function of it.
// Imported by path, not from index.ts: the page's bundle does not carry the server's words.
import { CNFT_ERRORS } from './cnftTexts';
import { RENT_ERRORS } from './rentTexts';
import { RATE_LIMITED } from './sharedTexts';
import { RELAY } from './surplusTexts';
import { VACANT_ERRORS } from './vacantTexts';

/** The server's refusals of a signed authorisation (the page's own texts are AUTH_TEXTS). */
export const AUTH_REFUSALS = {
  required: 'A signed authorisation from the owner is required.',
  malformed: 'The signed authorisation is not in the expected format.',
  domain: 'This authorisation was signed for another site. Nothing was done.',
  wallet: 'This authorisation was signed by another wallet. Nothing was done.',
  action: 'This authorisation was given for another action. Nothing was done.',
  assets: 'This authorisation names other assets. Nothing was done.',
  expired: 'This authorisation has expired. Please sign again.',
  notYet: 'This authorisation is dated in the future. Check your clock and sign again.',
  lifetime: 'This authorisation is valid for too long (at most 10 minutes).',
  used: 'This authorisation was already used or its nonce is unknown. Please sign again.',
} as const;

const INTERNAL = 'Internal server error';
const UNAVAILABLE = 'Blockchain data is temporarily unavailable. Please try again in a few minutes.';
const NOT_BASE64 = 'signedTransaction is not a base64 Solana transaction';

export const SERVER_ERRORS = {
  validation_error: 'Invalid request',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  unauthorized: AUTH_REFUSALS.required,
  rate_limited: RATE_LIMITED,
  internal_error: INTERNAL,
  /** Any failing provider without a text of its own (the error middleware's fallback). */
  service_unavailable: UNAVAILABLE,
  body_too_large: 'Request body is too large',
  body_not_json: 'Request body is not valid JSON',
  no_such_endpoint: (methodAndPath: string) => `No such API endpoint: ${methodAndPath}`,
  // assets and cNFTs
  asset_not_found: 'Asset not found',
  asset_proof_not_found: 'Asset proof not found',
  not_compressed: 'This asset is not a compressed NFT',
  compression_missing: CNFT_ERRORS.missingCompression,
  tree_missing: CNFT_ERRORS.missingTree,
  not_a_tree: "The asset's tree account is not a merkle tree",
  cnft_burnt: 'This cNFT has been burnt',
  cnft_already_burnt: 'This cNFT has already been burnt',
  only_to_trash: 'cNFTs are only sent to the trash wallet',
  not_base64: NOT_BASE64,
  not_serialized: 'signedTransaction is not a serialized Solana transaction (base64)',
  not_signed_by_owner: 'The transaction is not validly signed by the cNFT owner',
  only_server_delegate: (delegate: string) => `Delegation is only to the server delegate ${delegate}`,
  token_mint_not_found: 'Token mint not found',
  wallet_not_found: RENT_ERRORS.walletNotFound,
  no_vacant_accounts: VACANT_ERRORS.noneFound,
  send_failed: VACANT_ERRORS.unknown,
  send_timeout: CNFT_ERRORS.timeout,
  transaction_failed: (signatureAndError: string) => `Transaction ${signatureAndError}`,
  not_landed: 'This transaction is not on the chain (yet). Nothing was recorded.',
  confirm_timeout: RENT_ERRORS.timeout,
  upstream_timeout: RENT_ERRORS.timeout,
  upstream_error: UNAVAILABLE,
  /** Another process's answer to a shared request, passed on as it came. */
  shared_error: INTERNAL,
  // the transfer queue
  queue_not_found: 'Queue not found',
  queue_of_another_wallet: 'This queue belongs to another wallet',
  queue_cancelled: 'This queue was cancelled',
  queues_waiting: 'Too many transfer queues are waiting for approval; try again in a few minutes',
  queue_full: 'The transfer queue is full right now. Please try again later.',
  queue_limit: 'Too many transfer queues from this address. Please wait a few minutes and try again.',
  // sign-in
  sign_ins_open: 'Too many sign-in requests are open; try again soon',
  sign_in_limit: 'Too many sign-in requests from your address. Please wait a moment and try again.',
  // the fee relayer
  relay_limit: (reason: string) => RELAY.unavailablePrefix + reason,
  no_relayer_key: `${RELAY.unavailablePrefix}this server has no relayer key.`,
  fees_too_high: `${RELAY.unavailablePrefix}network fees are too high right now.`,
  other_fee_payer: 'This transaction names another fee payer. Nothing was sent.',
  simulation_failed: (error: string) =>
    `The transaction would fail on chain, so SolBack did not send it and nothing was paid: ${error}`,
  relayer_loss: 'The transaction would cost the fee relayer more than it repays. Nothing was sent.',
  // the image proxy
  image_not_public: 'The image address is not a public one',
  image_not_http: 'Only http(s) image addresses can be shown',
  image_too_large: 'The image is too large',
  image_timeout: 'The image host did not answer in time',
  not_an_image: 'The address does not answer with an image',
  image_unavailable: 'The image could not be fetched',
  // the local chain (this machine only)
  no_local_chain: 'The local chain is not running: this server uses an upstream RPC.',
  large_profile_local_only: 'The large profile is for this machine only.',
} as const;

export type ServerErrorId = keyof typeof SERVER_ERRORS;
type Entry<K extends ServerErrorId> = (typeof SERVER_ERRORS)[K];
/** The detail a text needs: none for a plain text, one string for a text with a placeholder. */
export type ServerErrorDetail<K extends ServerErrorId> = Entry<K> extends (detail: string) => string ? [string] : [];

export function serverErrorText<K extends ServerErrorId>(id: K, ...detail: ServerErrorDetail<K>): string {
  const entry: string | ((detail: string) => string) = SERVER_ERRORS[id];
  return typeof entry === 'function' ? entry(detail[0] as string) : entry;
}
