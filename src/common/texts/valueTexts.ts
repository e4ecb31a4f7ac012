// Texts of the value feature (PRODUCT difference 14). All ours: the specification has no prices.

const VALUE_UNKNOWN = 'Value unknown'; // a card's line and the filter's name

export const VALUE_TEXTS = {
  unknown: VALUE_UNKNOWN,
  valueOf: (usd: string): string => `Worth ${usd}`,
  valuableBadge: 'Worth more than its rent',
  valuableTitle: (usd: string, sol: string): string =>
    `Worth about ${usd} (${sol} SOL), more than the SOL its account returns: never in "Select all"; tick it by hand.`,
  filterValuable: 'Worth more than rent',
  filterWorthless: 'Worth less than rent',
  filterUnknown: VALUE_UNKNOWN,
  warningTitle: 'These tokens are worth more than the SOL their accounts return',
  warningItem: (label: string, usd: string, sol: string, rent: string): string =>
    `${label}: worth ${usd} (${sol} SOL); burning returns ${rent} SOL`,
  warningAck: 'I understand: burn them anyway and lose their value.',
  warningHint: 'Burning destroys the tokens. Selling or sending them keeps their value.',
} as const;
