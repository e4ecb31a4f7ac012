// Texts of the chain-reading guard and the pinned wallets (PRODUCT difference 10). The spec has no text for these cases;
// they follow its docs/PRODUCT.md#error-texts habit: say what happened and that nothing was signed.
export const CHAIN_GUARD = {
  simulationFailed: (err: string): string =>
    `The network refused this transaction in a test run (${err}). Nothing was signed.`,
  serverMismatch: (what: string, named: string, built: string): string =>
    `This server names ${named} as ${what}, but this page was built for ${built}. Nothing was signed.`,
  solChange: (sol: string): string => `Your SOL balance will change by ${sol} SOL (simulated on the network).`,
  /** Said beside the figure when the guard read the chain through this server alone (no second reader). */
  oneReader: 'Only this server’s reading of the chain checked it: no second chain reader is in use.',
  /** The second chain reader the user chose (PRODUCT difference 10) and this server read the chain differently. */
  readersDisagree: (reader: string, what: string): string =>
    `Your second chain reader (${reader}) and this server disagree about ${what}. The server may be showing a false chain. Nothing was signed.`,
  secondReaderFailed: (reader: string): string =>
    `Your second chain reader (${reader}) could not be read, so this transaction could not be checked against it. Nothing was signed. Try again, or change the reader in "Check with a second chain reader".`,
} as const;

/** The settings field for the second chain reader (PRODUCT difference 10); ours, the spec has no settings. */
export const SECOND_READER = {
  summary: 'Check with a second chain reader',
  explain:
    'Before you sign, this page reads the accounts each transaction changes through this server. Add a public Solana RPC address you trust, and the page also reads them there and refuses to go on when the two disagree. The address stays in this browser; the page reloads to allow it.',
  label: 'Second chain reader (RPC address)',
  placeholder: 'https://api.mainnet-beta.solana.com',
  save: 'Use this reader',
  clear: 'Stop using it',
  invalid: 'Enter an https:// address (http:// only on this machine), without a user name or password.',
  inUse: (origin: string): string => `Each transaction is also checked against ${origin}.`,
  notInUse: 'Not set: transactions are checked against this server’s reading of the chain only.',
  /** The public reader the operator offers (PUBLIC_SECOND_READER), used unless the user turns it off. */
  offered: (origin: string): string =>
    `Each transaction is also checked against ${origin}, the public reader this server offers.`,
  offeredOff: (origin: string): string =>
    `Turned off: transactions are checked against this server’s reading of the chain only. This server offers ${origin}.`,
  turnOnOffered: (origin: string): string => `Use ${origin} again`,
} as const;

// PRODUCT differences: where we do better than the spec
export const GUARD = {
  mismatch: 'This transaction does not match what you asked for. Nothing was signed.',
  privateKeysRefused: 'Private keys are never accepted by this server. The robust method signs in your browser.',
} as const;
