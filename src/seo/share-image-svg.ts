import { escapeXml } from './feed.js';

/** The size Facebook, LinkedIn and X show large (1.91:1). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The site's colours (src/styles/site.css: --teal-900, --teal-100, --accent). */
const BACKGROUND = '#053f3c';
const SOFT = '#d7f0ed';
const ACCENT = '#f4b740';

/** The drawing of public/logo.svg (a unit test keeps them the same), placed as a nested viewport. */
export const LOGO_DRAWING =
  '<rect width="64" height="64" rx="16" fill="#0b6e69"/><path d="M25 12h14v13h13v14H39v13H25V39H12V25h13z" fill="#fff"/><path d="M8 33h14l4-7 6 14 5-10 3 3h16" fill="none" stroke="#0b6e69" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>';

/** The shipped font's family (fonts/): librsvg finds it through the fontconfig file written at start. */
const FONT_FAMILY = 'DejaVu Sans';

const MARGIN = 80;
const TEXT_WIDTH = SHARE_IMAGE_WIDTH - 2 * MARGIN;
/** Where the title may sit: under the logo, over the byline. */
const TITLE_TOP = 176;
const TITLE_BOTTOM = 500;
const LINE_HEIGHT = 1.2;
/** Largest first; the title takes the first size at which it fits. */
const TITLE_SIZES = [72, 64, 56, 50];
export const MAX_TITLE_LINES = 4;
const BYLINE_SIZE = 30;

/**
 * Advance widths of DejaVu Sans Bold in em, by kind of character, rounded up: wrapping never has the
 * font's metrics (librsvg lays the text out later), so a line is measured a little wider than it is.
 */
function charWidth(char: string): number {
  if (/[iljI.,:;!|'’ ]/.test(char)) return 0.38;
  if (/[ftr\-()"“”]/.test(char)) return 0.5;
  if (/[mwMW]/.test(char)) return 1.06;
  if (/\p{Lu}/u.test(char)) return 0.8;
  return 0.7;
}

export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += charWidth(char);
  return em * fontSize;
}

/** A word wider than a whole line, cut into pieces that fit. */
function pieces(word: string, fontSize: number, width: number): string[] {
  if (textWidth(word, fontSize) <= width) return [word];
  const cut: string[] = [];
  let current = '';
  for (const char of word) {
    if (current && textWidth(current + char, fontSize) > width) {
      cut.push(current);
      current = '';
    }
    current += char;
  }
  return current ? [...cut, current] : cut;
}

/** Greedy wrapping at spaces: as many words on a line as fit in `width` pixels. */
export function wrapText(text: string, fontSize: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean).flatMap((word) => pieces(word, fontSize, width))) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  return line ? [...lines, line] : lines;
}

/** The line shortened, by whole words while it has more than one, until it and an ellipsis fit. */
function ellipsized(line: string, fontSize: number, width: number): string {
  let kept = line;
  while (kept && textWidth(`${kept}…`, fontSize) > width) kept = kept.includes(' ') ? kept.slice(0, kept.lastIndexOf(' ')) : kept.slice(0, -1);
  return `${kept.replace(/[\s,;:.–-]+$/, '')}…`;
}

export interface TitleLayout {
  fontSize: number;
  lines: string[];
}

/**
 * The largest size at which the whole title fits the space left for it; a title too long even at the
 * smallest size keeps its first lines, the last ending in "…".
 */
export function layoutTitle(title: string): TitleLayout {
  for (const fontSize of TITLE_SIZES) {
    const lines = wrapText(title, fontSize, TEXT_WIDTH);
    const room = Math.min(MAX_TITLE_LINES, Math.floor((TITLE_BOTTOM - TITLE_TOP) / (fontSize * LINE_HEIGHT)));
    if (lines.length <= room) return { fontSize, lines };
  }
  const fontSize = TITLE_SIZES.at(-1)!;
  const lines = wrapText(title, fontSize, TEXT_WIDTH);
  const kept = lines.slice(0, MAX_TITLE_LINES);
  kept[kept.length - 1] = ellipsized(`${kept.at(-1)} ${lines[MAX_TITLE_LINES]}`, fontSize, TEXT_WIDTH);
  return { fontSize, lines: kept };
}

/** "Por Ana, Bruno e Carla", as the byline of the page reads. */
export function bylineText(authors: readonly string[]): string {
  if (authors.length === 0) return '';
  const names = authors.length === 1 ? authors[0]! : `${authors.slice(0, -1).join(', ')} e ${authors.at(-1)}`;
  const byline = `Por ${names}`;
  return textWidth(byline, BYLINE_SIZE) <= TEXT_WIDTH ? byline : ellipsized(byline, BYLINE_SIZE, TEXT_WIDTH);
}

export interface ShareImageText {
  title: string;
  /** The authors' public names, in the byline's order. */
  authors: readonly string[];
}

/** The share image of an article without a photo: logo and site name, the title, the byline, an accent rule. */
export function shareImageSvg({ title, authors }: ShareImageText): string {
  const { fontSize, lines } = layoutTitle(title.trim());
  const lineHeight = Math.round(fontSize * LINE_HEIGHT);
  // Centred in its space; y is each line's baseline, about 0.8 em under the line's top.
  const top = TITLE_TOP + Math.round((TITLE_BOTTOM - TITLE_TOP - lineHeight * lines.length) / 2);
  const titleLines = lines
    .map((line, index) => `<text x="${MARGIN}" y="${top + index * lineHeight + Math.round(fontSize * 0.85)}">${escapeXml(line)}</text>`)
    .join('');
  const byline = bylineText(authors);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">`,
    `<rect width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" fill="${BACKGROUND}"/>`,
    `<rect y="${SHARE_IMAGE_HEIGHT - 14}" width="${SHARE_IMAGE_WIDTH}" height="14" fill="${ACCENT}"/>`,
    `<svg x="${MARGIN}" y="56" width="72" height="72" viewBox="0 0 64 64">${LOGO_DRAWING}</svg>`,
    `<text x="${MARGIN + 96}" y="106" font-family="${FONT_FAMILY}" font-size="40" font-weight="700" fill="#fff">Prontivo</text>`,
    `<text x="${SHARE_IMAGE_WIDTH - MARGIN}" y="104" text-anchor="end" font-family="${FONT_FAMILY}" font-size="28" fill="${SOFT}">Notícias</text>`,
    `<g font-family="${FONT_FAMILY}" font-size="${fontSize}" font-weight="700" fill="#fff">${titleLines}</g>`,
    byline ? `<text x="${MARGIN}" y="568" font-family="${FONT_FAMILY}" font-size="${BYLINE_SIZE}" fill="${SOFT}">${escapeXml(byline)}</text>` : '',
    '</svg>',
  ].join('');
}
