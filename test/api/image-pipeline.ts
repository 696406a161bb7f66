import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ImageSet, ImageVariant } from '../../src/images/image-set.js';
import { responsiveWidths } from '../../src/images/process-image.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { CAMERA_MODEL, imageFixtures, readFixture, type FixtureName, type ImageFixtures } from '../fixtures/images/generate.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';

/**
 * What the image-pipeline test files share, split so that no one file holds the run: realistic uploads
 * (multi-MB camera photos, phone quirks, every accepted format) through the spec's form, and the checks
 * on everything the site then serves for them.
 */

const UPLOAD = '/api/artigos/upload-imagem';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Text that would betray the camera, the place, the time or a smuggled payload. */
const FORBIDDEN = ['Exif\u0000\u0000', CAMERA_MODEL, 'Samsung', 'adobe:ns:meta', '2025:03:14', 'MotionPhoto', 'ftypmp42', '<script', '<?php'];

export let t: TestApp;
export let fixtures: ImageFixtures;
/** The article every upload goes to unless a test names another. */
let articleId: number;

/** One app and one article for the calling test file (the photos are already made by the global setup). */
export function setUpUploadApp(): void {
  beforeAll(async () => {
    fixtures = await imageFixtures();
    t = await createTestApp({ assets: DEV_ASSETS });
    articleId = (await createArticle(t.repo)).id;
  });
  afterAll(() => t?.close());
}

export function upload(bytes: Buffer, filename: string, id = articleId) {
  return request(t.app)
    .post(UPLOAD)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' })
    .field('filename', filename)
    .field('id_artigo', String(id))
    .field('key', TEST_EDITOR_KEY);
}

export async function uploadFixture(name: FixtureName) {
  const fixture = fixtures[name];
  return upload(readFixture(fixture), fixture.name);
}

export async function fetchImage(url: string) {
  const response = await request(t.app).get(url).buffer(true);
  expect(response.status, url).toBe(200);
  return { response, bytes: Buffer.from(response.body as Buffer) };
}

/** Decodes served bytes and checks that nothing but pixels came through. */
async function expectClean(url: string, bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif, url).toBeUndefined();
  expect(metadata.xmp, url).toBeUndefined();
  expect(metadata.iptc, url).toBeUndefined();
  expect(metadata.icc, url).toBeUndefined();
  expect(metadata.orientation ?? 1, url).toBe(1);
  for (const text of FORBIDDEN) expect(bytes.includes(text), `${url} contém ${JSON.stringify(text)}`).toBe(false);
  return metadata;
}

const FORMATS: Record<string, string> = { avif: 'heif', webp: 'webp', jpeg: 'jpeg', png: 'png', gif: 'gif' };

async function expectVariantServed(variant: ImageVariant) {
  const { response, bytes } = await fetchImage(variant.url);
  expect(response.headers['cache-control']).toBe(IMMUTABLE);
  expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(bytes.length).toBe(variant.bytes);
  const metadata = await expectClean(variant.url, bytes);
  expect(metadata.format).toBe(FORMATS[variant.format]);
  expect([metadata.width, metadata.pageHeight ?? metadata.height]).toEqual([variant.width, variant.height]);
}

/** What every accepted upload must give: the master, each promised width in each format, the social JPEG. */
export async function expectCompleteSet(set: ImageSet & { id: number }, expected: { nome: string; width: number; height: number; format: string }) {
  expect(set).toMatchObject({ id_artigo: articleId, nome: expected.nome, width: expected.width, height: expected.height });
  expect(set.masterUrl).toBe(`/assets/artigos/${articleId}/${encodeURIComponent(expected.nome)}`);
  const { response, bytes } = await fetchImage(set.masterUrl);
  expect(response.headers['cache-control']).toBe('public, max-age=3600');
  expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const master = await expectClean(set.masterUrl, bytes);
  expect([master.format, master.width, master.pageHeight ?? master.height]).toEqual([expected.format, expected.width, expected.height]);
  expect(master.space).toBe('srgb');
  expect(master.depth).toBe('uchar');

  const widths = responsiveWidths(set.width);
  const formats = set.animated ? ['webp', 'gif'] : ['avif', 'webp', set.hasAlpha ? 'png' : 'jpeg'];
  expect(set.variants.map((variant) => `${variant.format}:${variant.width}`)).toEqual(
    formats.flatMap((format) => widths.map((width) => `${format}:${width}`)),
  );
  for (const variant of set.variants) {
    expect(variant.url).toMatch(new RegExp(`^/assets/artigos/${articleId}/[a-z0-9-]+\\.\\d+w\\.[0-9a-f]{12}\\.(avif|webp|jpg|png|gif)$`));
    expect(Math.abs(variant.height - (variant.width * set.height) / set.width)).toBeLessThanOrEqual(1);
    await expectVariantServed(variant);
  }
  expect(set.social).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  expect(set.social.url).toMatch(/\.social\.[0-9a-f]{12}\.jpg$/);
  await expectVariantServed(set.social);
}
