// Names and symbols come from whoever minted the asset (issue 13): "Claim 5 SOL: evil.example" or text that a
// right-to-left override turns around. `inspectText` says what is odd about one and gives a display form with
// every bidi control and invisible format character removed, so the text reads as stored, left to right.

/** Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069), marks (U+200E/F, U+061C). */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** Zero-width and other invisible format characters that can hide or join text. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
/** A URL, a www. host, or a bare domain with a common top-level name. */
const LINK =
  /(https?:\/\/|www\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|net|org|io|xyz|app|gg|me|co|info|site|online|fun|link|click|top|ru|cn|example)\b)/i;

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
  const hasLink = LINK.test(display);
  return { display, hasLink, hasBidiControl, suspicious: hasLink || hasBidiControl };
}

export const SUSPICIOUS_TEXT_BADGE = {
  label: 'Check this name',
  link: 'This name contains a link. Do not visit it: assets that advertise sites are a common scam.',
  bidi: 'This name contained hidden direction characters that can disguise text; they were removed.',
} as const;
