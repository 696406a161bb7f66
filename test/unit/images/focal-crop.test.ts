import { describe, expect, it } from 'vitest';
import { focalCrop } from '../../../src/images/focal-crop.js';

const contains = (crop: ReturnType<typeof focalCrop>, x: number, y: number) =>
  x >= crop.left && x < crop.left + crop.width && y >= crop.top && y < crop.top + crop.height;

describe('focalCrop', () => {
  it('takes the full height of a 4:3 photo for a 1200×630 share image and centres without a point', () => {
    expect(focalCrop(2000, 1500, 1200, 630)).toEqual({ left: 0, top: 225, width: 2000, height: 1050 });
  });

  it('moves the rectangle towards the focal point and stops at the edges', () => {
    expect(focalCrop(2000, 1500, 1200, 630, { x: 0.5, y: 0.1 })).toEqual({ left: 0, top: 0, width: 2000, height: 1050 });
    expect(focalCrop(2000, 1500, 1200, 630, { x: 0.5, y: 0.95 })).toEqual({ left: 0, top: 450, width: 2000, height: 1050 });
    expect(focalCrop(2000, 1500, 1200, 630, { x: 0.5, y: 0.6 })).toEqual({ left: 0, top: 375, width: 2000, height: 1050 });
  });

  it('crops the sides of a wide photo for a square, keeping a point near the right edge', () => {
    const crop = focalCrop(3000, 1000, 1, 1, { x: 0.9, y: 0.5 });
    expect(crop).toEqual({ left: 2000, top: 0, width: 1000, height: 1000 });
    expect(contains(crop, 2700, 500)).toBe(true);
  });

  it('keeps every focal point inside the crop, for any shape', () => {
    for (const [width, height] of [[640, 480], [480, 640], [1200, 630], [100, 3000], [3000, 100]] as const) {
      for (const [tw, th] of [[1200, 630], [1, 1], [3, 2]] as const) {
        for (const x of [0, 0.13, 0.5, 0.87, 1]) {
          for (const y of [0, 0.21, 0.5, 0.79, 1]) {
            const crop = focalCrop(width, height, tw, th, { x, y });
            expect(crop.left).toBeGreaterThanOrEqual(0);
            expect(crop.top).toBeGreaterThanOrEqual(0);
            expect(crop.left + crop.width).toBeLessThanOrEqual(width);
            expect(crop.top + crop.height).toBeLessThanOrEqual(height);
            expect(Math.abs(crop.width / crop.height - tw / th)).toBeLessThan(0.05 + 1 / crop.height);
            expect(contains(crop, Math.min(width - 1, Math.floor(x * width)), Math.min(height - 1, Math.floor(y * height)))).toBe(true);
          }
        }
      }
    }
  });
});
