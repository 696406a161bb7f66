import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { mediaContent } from '../../../src/seo/feed.js';
import { articleJsonLdImages } from '../../../src/seo/news-json-ld.js';
import { socialImage } from '../../../src/seo/social-image.js';
import { makeImageSet } from '../../support/image-set-fixture.js';

const site = loadConfig({ SITE_URL: 'https://www.prontivo.com.br' }).site;
const photo = makeImageSet(3, 'consultório.jpg', 2560, 1707);

describe('socialImage', () => {
  it('is the 1200 × 630 JPEG cropped around the focal point, or nothing without a processed image', () => {
    expect(socialImage(photo, 'Consultório')).toEqual({ url: '/assets/artigos/3/consult%C3%B3rio-social-h1.jpg', width: 1200, height: 630, alt: 'Consultório' });
    expect(socialImage(undefined, 'Consultório')).toBeUndefined();
  });
});

describe('articleJsonLdImages', () => {
  it('lists the social and the largest JPEG with absolute URLs and real sizes', () => {
    expect(articleJsonLdImages(site, photo, 'Sala')).toEqual([
      { '@type': 'ImageObject', url: 'https://www.prontivo.com.br/assets/artigos/3/consult%C3%B3rio-social-h1.jpg', width: '1200', height: '630', caption: 'Sala' },
      { '@type': 'ImageObject', url: 'https://www.prontivo.com.br/assets/artigos/3/consult%C3%B3rio-1920-h780.jpg', width: '1920', height: '1280', caption: 'Sala' },
    ]);
  });
});

describe('mediaContent', () => {
  it('announces the social JPEG to feed readers with type, size and bytes, escaping the caption', () => {
    expect(mediaContent(site, photo, 'Sala & recepção')).toBe(
      '<media:content url="https://www.prontivo.com.br/assets/artigos/3/consult%C3%B3rio-social-h1.jpg" medium="image" type="image/jpeg"' +
        ' width="1200" height="630" fileSize="108000"><media:description>Sala &amp; recepção</media:description></media:content>',
    );
  });
});
