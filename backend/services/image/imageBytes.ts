// What the image proxy accepts as a picture, decided as early as possible (RELIABILITY, hostile clients: a picture
// host could otherwise make this server read megabytes of something that is not a picture). The content type is
// judged from the answer's headers, before a byte of the body is read; the body's first bytes must then begin as
// that type's files do (their "magic numbers", as in the WHATWG MIME Sniffing Standard's image pattern table,
// https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern), and the read stops at the first byte that
// cannot.

/** A file's leading bytes; null matches any byte (the RIFF size of WebP, the box size before `ftyp`). */
type Pattern = readonly (number | null)[];

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const PNG: Pattern = [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG: Pattern = [0xff, 0xd8, 0xff];
const GIF: Pattern[] = [ascii('GIF87a'), ascii('GIF89a')];
const WEBP: Pattern = [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')];
/** ISO base media files (AVIF, HEIC): a 4-byte box size, then `ftyp`. */
const FTYP: Pattern = [null, null, null, null, ...ascii('ftyp')];
const BMP: Pattern = ascii('BM');
const ICO: Pattern[] = [
  [0, 0, 1, 0],
  [0, 0, 2, 0],
];

/** The picture types a browser shows in an <img>, each with the patterns its files begin with ('svg': markup). */
const SIGNATURES: Record<string, readonly Pattern[] | 'svg'> = {
  'image/png': [PNG],
  'image/apng': [PNG],
  'image/jpeg': [JPEG],
  'image/jpg': [JPEG],
  'image/pjpeg': [JPEG],
  'image/gif': GIF,
  'image/webp': [WEBP],
  'image/avif': [FTYP],
  'image/heic': [FTYP],
  'image/bmp': [BMP],
  'image/x-icon': ICO,
  'image/vnd.microsoft.icon': ICO,
  'image/svg+xml': 'svg',
};

/** `image/png; charset=x` → `image/png`; a type this proxy does not pass on (not a picture a page shows) → null. */
export function imageType(contentType: string): string | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type in SIGNATURES ? type : null;
}

/** The verdict on a body's first bytes so far: a picture of its type, not one, or not yet known. */
export type HeadVerdict = 'picture' | 'not-picture' | 'undecided';

const matches = (pattern: Pattern, head: Uint8Array): boolean =>
  pattern.every((b, i) => i >= head.length || b === null || head[i] === b);

/** White space allowed before an SVG's first `<`; past it, a body of blanks is not a picture. */
const SVG_MAX_LEADING = 1024;

/** SVG is text: an optional UTF-8 byte order mark and white space, then its first `<`. */
function svgVerdict(head: Uint8Array): HeadVerdict {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  if (head.length < 3 && [0xef, 0xbb, 0xbf].slice(0, head.length).every((b, k) => head[k] === b)) return 'undecided';
  for (; i < head.length; i++) {
    const b = head[i];
    if (b === 0x3c) return 'picture';
    if ((b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || i >= SVG_MAX_LEADING) return 'not-picture';
  }
  return 'undecided';
}

/**
 * Judges the first bytes of a body declared as `type` (one imageType accepted). 'not-picture' as soon as no pattern
 * of the type can still match (so a reader stops at the first wrong byte); 'picture' once one has matched whole.
 */
export function headVerdict(type: string, head: Uint8Array): HeadVerdict {
  const signature = SIGNATURES[type];
  if (!signature) return 'not-picture';
  if (signature === 'svg') return svgVerdict(head);
  const alive = signature.filter((p) => matches(p, head));
  if (alive.length === 0) return 'not-picture';
  return alive.some((p) => head.length >= p.length) ? 'picture' : 'undecided';
}
