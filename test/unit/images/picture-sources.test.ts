import { describe, expect, it } from 'vitest';
import { findImageSet, pictureSources } from '../../../src/images/picture-sources.js';
import { makeImageSet } from '../../support/image-set-fixture.js';

describe('pictureSources', () => {
  const photo = makeImageSet(4, 'foto.jpg', 2400, 1600);

  it('offers AVIF then WebP sources and a JPEG fallback, each with every width', () => {
    const picture = pictureSources(photo);
    expect(picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture.sources[0]!.srcSet).toBe(
      '/assets/artigos/4/foto-320-h140.avif 320w, /assets/artigos/4/foto-640-h280.avif 640w, ' +
        '/assets/artigos/4/foto-960-h3c0.avif 960w, /assets/artigos/4/foto-1280-h500.avif 1280w, ' +
        '/assets/artigos/4/foto-1920-h780.avif 1920w',
    );
    expect(picture.srcSet).toContain('/assets/artigos/4/foto-1920-h780.jpg 1920w');
    expect(picture.src).toBe('/assets/artigos/4/foto-1920-h780.jpg');
    expect([picture.width, picture.height]).toEqual([2400, 1600]);
  });

  it('leaves out the candidates wider than a card needs', () => {
    const picture = pictureSources(photo, 640);
    expect(picture.sources[1]!.srcSet).toBe('/assets/artigos/4/foto-320-h140.webp 320w, /assets/artigos/4/foto-640-h280.webp 640w');
    expect(picture.src).toBe('/assets/artigos/4/foto-640-h280.jpg');
  });

  it('keeps the narrowest candidate of a small image even past the limit', () => {
    const tiny = makeImageSet(4, 'icone.png', 200, 100);
    expect(pictureSources(tiny, 120).sources[0]!.srcSet).toBe('/assets/artigos/4/icone-200-hc8.avif 200w');
  });

  it('serves an animated image as WebP with its GIF fallback, and no AVIF', () => {
    const animated = {
      ...photo,
      animated: true,
      variants: photo.variants.filter((v) => v.format === 'webp').concat({ format: 'gif' as const, width: 640, height: 427, url: '/assets/artigos/4/anim.gif', bytes: 1 }),
    };
    const picture = pictureSources(animated);
    expect(picture.sources.map((source) => source.type)).toEqual(['image/webp']);
    expect([picture.src, picture.srcSet]).toEqual(['/assets/artigos/4/anim.gif', '/assets/artigos/4/anim.gif 640w']);
  });

  it('finds the set uploaded under a name for that article only', () => {
    const other = makeImageSet(5, 'foto.jpg', 800, 600);
    expect(findImageSet([other, photo], 4, 'foto.jpg')).toBe(photo);
    expect(findImageSet([other, photo], 4, 'outra.jpg')).toBeUndefined();
    expect(findImageSet([photo], 4, null)).toBeUndefined();
  });
});
