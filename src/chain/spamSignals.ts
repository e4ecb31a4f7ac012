// Spam signals read from an asset's own data (issue 18): labels for the user, never silent actions.
// - a link in a name or symbol: airdropped scam tokens and NFTs advertise a claim site in their name
//   ("Visit claim-xyz.com to claim", "$5000 REWARD t.me/..."), which a genuine asset never needs;
// - bidirectional control characters (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F): they reorder how a name is
//   drawn, the trick of spoofed names (CVE-2021-42574 "Trojan Source" describes the same characters in code).

export type SpamLabel = 'link-in-name' | 'bidi-control';

const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// A scheme, a www. prefix, a t.me / discord.gg invite, or a host with a common top-level domain.
const LINK =
  /(https?:\/\/|www\.|\bt\.me\/|\bdiscord\.gg\/|\b[a-z0-9-]+\.(com|io|net|org|xyz|app|gg|site|online|fun|live|claims?|vip|top|info|finance|pro)\b)/i;

export function spamLabels(...texts: (string | null | undefined)[]): SpamLabel[] {
  const labels: SpamLabel[] = [];
  const all = texts.filter((t): t is string => typeof t === 'string');
  if (all.some((t) => LINK.test(t))) labels.push('link-in-name');
  if (all.some((t) => BIDI.test(t))) labels.push('bidi-control');
  return labels;
}
