// Texts of the surplus-rent and fee-relay features (ours, not the spec's).
export const SURPLUS = {
  cardLine: 'SOL held above rent in accounts you keep',
  withdrawTick: 'Also withdraw the SOL held above rent in accounts you keep',
  aheadLine: (perByte: string) => `More if rent falls to ${perByte} lamports per byte`,
  aheadNote:
    'A forecast, not counted above: each further rent cut (SIMD-0437) waits for its own activation and has no date.',
} as const;
/** The banner when nothing is empty but kept accounts hold surplus (the recover button then only withdraws it). */
export const surplusBannerText = (count: number, sol: string): string =>
  `${count} account${count === 1 ? '' : 's'} you keep hold${count === 1 ? 's' : ''} ${sol} SOL above rent`;
export const surplusSuccessReport = (sol: string): string =>
  `Withdrew the SOL held above rent in accounts you keep: +${sol} SOL to your wallet, after the service fee and the network fee.`;

export const RELAY = {
  payFeeTick: 'Let SolBack pay the fee (repaid from the rent in the same transaction)',
  /** Followed by the server's reason, e.g. "its balance is too low." (the server's relay_limit in serverErrorTexts.ts). */
  unavailablePrefix: 'SolBack cannot pay the network fee right now: ',
} as const;
