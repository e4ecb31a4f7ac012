// Texts of signed authorisations (PRODUCT difference 11, wallets without message signing included). Ours: the
// specification has none of these.
export const AUTH_TEXTS = {
  nonceFailed: 'Could not get a one-time code from the server to sign. Please try again.',
  memoTooLong:
    'This wallet cannot sign messages, so it signs the authorisation inside a transaction that is never sent, and that holds about 6 cNFTs. Select fewer and try again.',
  memoStep: 'Your wallet cannot sign messages: approve the authorisation transaction (it is never sent)...',
  memoNotSent: 'Your wallet did not send the authorisation transaction of the queue. Nothing was authorised.',
  signInDiffers:
    'Your wallet signed a different sign-in text than the one SolBack asked for, so the server would refuse it. Nothing was sent.',
} as const;
