// Texts of the surplus-rent and fee-relay features (ours, not the spec's), kept apart from texts.ts.
export const SURPLUS = {
  cardLine: 'SOL held above rent in accounts you keep',
  withdrawTick: 'Also withdraw the SOL held above rent in accounts you keep',
} as const;

export const RELAY = {
  payFeeTick: 'Let SolBack pay the fee',
  unavailable: 'SolBack cannot pay the network fee right now. Add a little SOL to your wallet to recover your rent.',
} as const;
