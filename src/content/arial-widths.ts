/**
 * Advance widths of Arial in thousandths of an em (Arial was drawn on Helvetica's metrics, whose AFM
 * file is public), so that the server can measure a search result's text without a canvas or a font
 * file. Accented letters take their base letter's width (NFD), which is how the font draws them.
 */
const ASCII_WIDTHS =
  // Code points 32 (space) to 126 (~), in order.
  [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 to 9
    278, 278, 584, 584, 584, 556, 1015, // : to @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, // A to Z
    278, 278, 278, 469, 556, 333, // [ to `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, // a to z
    334, 260, 334, 584, // { to ~
  ];

const OTHER_WIDTHS: Record<string, number> = {
  '\u00a0': 278,
  'ª': 370,
  'º': 365,
  '°': 400,
  '«': 556,
  '»': 556,
  '·': 278,
  '•': 350,
  '–': 556,
  '—': 1000,
  '…': 1000,
  '‘': 222,
  '’': 222,
  '“': 333,
  '”': 333,
  '€': 556,
  'ß': 611,
  'æ': 889,
  'Æ': 1000,
  'ø': 611,
  'Ø': 778,
};

/** Most Latin lower-case letters and digits are this wide: a fair guess for a character not in the table. */
const DEFAULT_WIDTH = 556;

/** The width of one character in thousandths of an em. */
export function arialWidth(char: string): number {
  const code = char.codePointAt(0) ?? 32;
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32]!;
  const known = OTHER_WIDTHS[char];
  if (known !== undefined) return known;
  const base = char.normalize('NFD')[0];
  if (base && base !== char) return arialWidth(base);
  return DEFAULT_WIDTH;
}

/** The width in pixels of `text` set in Arial at `fontSize` pixels. */
export function textWidth(text: string, fontSize: number): number {
  let total = 0;
  for (const char of text) total += arialWidth(char);
  return (total * fontSize) / 1000;
}
