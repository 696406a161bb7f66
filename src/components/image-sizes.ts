/**
 * `sizes` attributes: how wide each image is drawn, per viewport, as laid out by site.css and news.css.
 * Keep them in step with the CSS: the gutter (16 px, 24 px from 576 px), the article column
 * (.narrow: 780 px minus gutters = 732 px) and the news grid (1, 2, then 3 columns with 24/24/32 px gaps
 * inside the 1120 px container). A wrong `sizes` makes the browser fetch a wider file than it draws.
 */

const SMALL_GUTTERS = 32;
const GUTTERS = 48;
const GUTTER_BREAKPOINT = 576;
const ARTICLE_COLUMN = 732;
const CONTAINER = 1120;
const GRID_THREE_COLUMNS = 960;

/** The article's main image and full-width body images fill the text column. */
export const ARTICLE_IMAGE_SIZES = [
  `(min-width: ${ARTICLE_COLUMN + GUTTERS}px) ${ARTICLE_COLUMN}px`,
  `(min-width: ${GUTTER_BREAKPOINT}px) calc(100vw - ${GUTTERS}px)`,
  `calc(100vw - ${SMALL_GUTTERS}px)`,
].join(', ');

/** The card's 1 px border on each side. */
const CARD_BORDERS = 2;

/** News cards: one column on phones, two from 576 px, three from 960 px, inside the card's border. */
export const CARD_IMAGE_SIZES = [
  `(min-width: ${CONTAINER}px) ${(CONTAINER - GUTTERS - 2 * 32) / 3 - CARD_BORDERS}px`,
  `(min-width: ${GRID_THREE_COLUMNS}px) calc((100vw - ${GUTTERS + 2 * 32}px) / 3 - ${CARD_BORDERS}px)`,
  `(min-width: ${GUTTER_BREAKPOINT}px) calc((100vw - ${GUTTERS + 24}px) / 2 - ${CARD_BORDERS}px)`,
  `calc(100vw - ${SMALL_GUTTERS + CARD_BORDERS}px)`,
].join(', ');

/** Cards are at most 334 px wide: 640 px covers them on 2x screens, so the larger files are never offered. */
export const CARD_MAX_VARIANT_WIDTH = 640;

/**
 * A body image the editor gave a width (`<img width="N">`) is drawn at N px, or at the column's width
 * when the column is narrower (max-width: 100%).
 */
export function bodyImageSizes(width: number | undefined): string {
  if (width === undefined || width >= ARTICLE_COLUMN) return ARTICLE_IMAGE_SIZES;
  const entries: string[] = [];
  if (width + GUTTERS > GUTTER_BREAKPOINT) {
    entries.push(`(min-width: ${width + GUTTERS}px) ${width}px`, `(min-width: ${GUTTER_BREAKPOINT}px) calc(100vw - ${GUTTERS}px)`);
  }
  if (width + SMALL_GUTTERS < GUTTER_BREAKPOINT) entries.push(`(min-width: ${width + SMALL_GUTTERS}px) ${width}px`);
  entries.push(`calc(100vw - ${SMALL_GUTTERS}px)`);
  return entries.join(', ');
}
