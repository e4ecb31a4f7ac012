// Names and symbols come from whoever minted the asset (PRODUCT, the page: spam labels): "Claim 5 SOL: evil.example" or text that a
// right-to-left override turns around. One module reads both: `inspectText` says what is odd about one text and gives
// a display form with every bidi control and invisible format character removed, so it reads as stored, left to
// right; `spamLabels` turns the same findings into the labels the lists show and filter on. Labels, never actions.
// - a link in a name or symbol: airdropped scam tokens and NFTs advertise a claim site in their name
//   ("Visit claim-xyz.com to claim", "$5000 REWARD t.me/..."), which a genuine asset never needs;
// - bidirectional control characters: they reorder how a name is drawn, the trick of spoofed names (CVE-2021-42574
//   "Trojan Source" describes the same characters in code).

/** Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069), marks (U+200E/F, U+061C). */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** Zero-width and other invisible format characters that can hide or join text. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
/** A scheme, a www. host, a t.me / discord.gg invite, or a host with a common top-level name. */
const LINK =
  /(https?:\/\/|www\.|\bt\.me\/|\bdiscord\.gg\/|\b[a-z0-9_-]+(\.[a-z0-9_-]+)*\.(com|net|org|io|xyz|app|gg|me|co|info|site|online|fun|live|link|click|top|vip|pro|finance|claims?|bet|ru|cn|example)\b)/i;

export interface InspectedText {
  /** What to show: bidi and invisible controls removed. */
  display: string;
  hasLink: boolean;
  hasBidiControl: boolean;
  /** Shown with a warning badge. */
  suspicious: boolean;
}

export function inspectText(text: string | null | undefined): InspectedText {
  const raw = text ?? '';
  const hasBidiControl = new RegExp(BIDI.source).test(raw);
  const display = raw.replace(BIDI, '').replace(INVISIBLE, '');
  // Read on the display form: a control character inside a link does not hide it.
  const hasLink = LINK.test(display);
  return { display, hasLink, hasBidiControl, suspicious: hasLink || hasBidiControl };
}

export type SpamLabel = 'link-in-name' | 'bidi-control';

/** The spam labels of an asset's texts (name, symbol): what `inspectText` finds in any of them. */
export function spamLabels(...texts: (string | null | undefined)[]): SpamLabel[] {
  const found = texts.filter((t): t is string => typeof t === 'string').map(inspectText);
  const labels: SpamLabel[] = [];
  if (found.some((t) => t.hasLink)) labels.push('link-in-name');
  if (found.some((t) => t.hasBidiControl)) labels.push('bidi-control');
  return labels;
}

export const SUSPICIOUS_TEXT_BADGE = {
  label: 'Check this name',
  link: 'This name contains a link. Do not visit it: assets that advertise sites are a common scam.',
  bidi: 'This name contained hidden direction characters that can disguise text; they were removed.',
} as const;
