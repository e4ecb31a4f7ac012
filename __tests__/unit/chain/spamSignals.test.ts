// Spam signals from an asset's own name/symbol (issue 18 item 2). The inputs are constructed in the shape scam
// airdrops use (a claim site or invite in the name; direction-control characters that reorder what is drawn) —
// not recorded DAS answers.
import { spamLabels } from '../../../src/chain/spamSignals';

it('a link in the name or symbol is labelled; ordinary names are not', () => {
  expect(spamLabels('Visit claim-rewards.xyz to claim', 'RWD')).toEqual(['link-in-name']);
  expect(spamLabels('$5000 AIRDROP', 't.me/freesol')).toEqual(['link-in-name']);
  expect(spamLabels('https://example.app gift')).toEqual(['link-in-name']);
  expect(spamLabels('www.bonus pass')).toEqual(['link-in-name']);
  for (const ok of ['USD Coin', 'Bonk', 'Jupiter', 'Wrapped SOL', 'Mad Lads #1234', 'Dr. Stone', 'v2.0 Pass']) {
    expect(spamLabels(ok)).toEqual([]);
  }
});

it('bidirectional control characters are labelled (U+202E right-to-left override, U+2066 isolate, U+200F mark)', () => {
  expect(spamLabels('USDC\u202Eevil')).toEqual(['bidi-control']);
  expect(spamLabels('Sol', 'S\u2066OL')).toEqual(['bidi-control']);
  expect(spamLabels('Token\u200F')).toEqual(['bidi-control']);
  expect(spamLabels('visit scam.com\u202E')).toEqual(['link-in-name', 'bidi-control']);
  expect(spamLabels(undefined, null)).toEqual([]);
});
