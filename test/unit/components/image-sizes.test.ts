import { describe, expect, it } from 'vitest';
import { ARTICLE_IMAGE_SIZES, bodyImageSizes, CARD_IMAGE_SIZES } from '../../../src/components/image-sizes.js';

/** Evaluates a sizes attribute the way a browser does, for one viewport width (px units only). */
function drawnWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(', ')) {
    const match = entry.match(/^(?:\(min-width: (\d+)px\) )?(.+)$/)!;
    if (match[1] && viewport < Number(match[1])) continue;
    const length = match[2]!;
    const px = length.match(/^(\d+(?:\.\d+)?)px$/);
    if (px) return Number(px[1]);
    const calc = length.match(/^calc\(\(?100vw - (\d+)px\)?(?: \/ (\d))?(?: - (\d+)px)?\)$/)!;
    return (viewport - Number(calc[1])) / Number(calc[2] ?? 1) - Number(calc[3] ?? 0);
  }
  throw new Error('sizes sem valor padrão');
}

describe('sizes that match the CSS layout', () => {
  it('article images fill the text column: viewport minus gutters, at most 732 px', () => {
    expect(drawnWidth(ARTICLE_IMAGE_SIZES, 375)).toBe(343);
    expect(drawnWidth(ARTICLE_IMAGE_SIZES, 412)).toBe(380);
    expect(drawnWidth(ARTICLE_IMAGE_SIZES, 700)).toBe(652);
    expect(drawnWidth(ARTICLE_IMAGE_SIZES, 1280)).toBe(732);
  });

  it('cards take one, two, then three columns of the grid, inside their 1 px border', () => {
    expect(drawnWidth(CARD_IMAGE_SIZES, 375)).toBe(341);
    expect(drawnWidth(CARD_IMAGE_SIZES, 800)).toBe(362);
    expect(drawnWidth(CARD_IMAGE_SIZES, 1000)).toBeCloseTo(294);
    expect(drawnWidth(CARD_IMAGE_SIZES, 1280)).toBe(334);
  });

  it('a body image with a width is drawn at that width, or narrower in a narrow column', () => {
    const small = bodyImageSizes(300);
    expect([320, 375, 1280].map((viewport) => drawnWidth(small, viewport))).toEqual([288, 300, 300]);
    const medium = bodyImageSizes(600);
    expect([375, 600, 700, 1280].map((viewport) => drawnWidth(medium, viewport))).toEqual([343, 552, 600, 600]);
    expect(bodyImageSizes(900)).toBe(ARTICLE_IMAGE_SIZES);
    expect(bodyImageSizes(undefined)).toBe(ARTICLE_IMAGE_SIZES);
  });
});
