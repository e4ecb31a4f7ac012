// Texts of the chain-reading guard and the pinned wallets (PRODUCT difference 10). The spec has no text for these cases;
// they follow its §8 habit: say what happened and that nothing was signed.
export const CHAIN_GUARD = {
  simulationFailed: (err: string): string =>
    `The network refused this transaction in a test run (${err}). Nothing was signed.`,
  serverMismatch: (what: string, named: string, built: string): string =>
    `This server names ${named} as ${what}, but this page was built for ${built}. Nothing was signed.`,
  solChange: (sol: string): string => `Your SOL balance will change by ${sol} SOL (simulated on the network).`,
} as const;

// PRODUCT differences: where we do better than the spec
export const GUARD = {
  mismatch: 'This transaction does not match what you asked for. Nothing was signed.',
  privateKeysRefused: 'Private keys are never accepted by this server. The robust method signs in your browser.',
} as const;
