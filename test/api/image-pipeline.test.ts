import fc from 'fast-check';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import type { ImageSet, ImageVariant } from '../../src/images/image-set.js';
import { responsiveWidths } from '../../src/images/process-image.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { CAMERA_MODEL, imageFixtures, MARKER, readFixture, TRAILER_MARKUP, type FixtureName, type ImageFixtures } from '../fixtures/images/generate.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';

/**
 * Realistic uploads (multi-MB camera photos, phone quirks, every accepted format) through the spec's
 * form, and everything the site then serves for them.
 */

const UPLOAD = '/api/artigos/upload-imagem';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Text that would betray the camera, the place, the time or a smuggled payload. */
const FORBIDDEN = ['Exif\u0000\u0000', CAMERA_MODEL, 'Samsung', 'adobe:ns:meta', '2025:03:14', 'MotionPhoto', 'ftypmp42', '<script', '<?php'];

let t: TestApp;
let fixtures: ImageFixtures;
let articleId: number;

beforeAll(async () => {
  fixtures = await imageFixtures();
  t = await createTestApp({ assets: DEV_ASSETS });
  articleId = (await createArticle(t.repo)).id;
});
afterAll(() => t?.close());

function upload(bytes: Buffer, filename: string, id = articleId) {
  return request(t.app)
    .post(UPLOAD)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' })
    .field('filename', filename)
    .field('id_artigo', String(id))
    .field('key', TEST_EDITOR_KEY);
}

async function uploadFixture(name: FixtureName) {
  const fixture = fixtures[name];
  return upload(readFixture(fixture), fixture.name);
}

async function fetchImage(url: string) {
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
async function expectCompleteSet(set: ImageSet & { id: number }, expected: { nome: string; width: number; height: number; format: string }) {
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
  expect(set.social).toMatchObject({ format: 'jpeg', width: Math.min(1200, set.width) });
  expect(set.social.url).toMatch(/\.social\.[0-9a-f]{12}\.jpg$/);
  await expectVariantServed(set.social);
}

describe('pipeline de imagens: envios reais pelo formulário da especificação', () => {
  it('the fixtures are what they claim: multi-MB 12 MP photos, EXIF with GPS, a trailer after the JPEG end', async () => {
    for (const name of ['photo12mp', 'photoLarge'] as const) {
      const bytes = readFixture(fixtures[name]);
      expect(bytes.length).toBeGreaterThan(2_000_000);
      expect(bytes.length).toBeLessThan(9_500_000);
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 4000, height: 3000 });
    }
    const oriented = await sharp(fixtures.oriented.path).metadata();
    expect(oriented.orientation).toBe(6);
    // Tag 0x8825 (GPS IFD pointer), little-endian, and the model in the EXIF block; XMP too.
    expect(oriented.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(oriented.exif!.includes(CAMERA_MODEL)).toBe(true);
    expect(oriented.xmp).toBeDefined();
    const motion = readFixture(fixtures.motionPhoto);
    expect(motion.includes('ftypmp42')).toBe(true);
    expect(motion.includes(TRAILER_MARKUP)).toBe(true);
  });

  it.each([
    ['photo12mp', 'foto-do-consultorio-1.jpg', 2560, 1920, 'jpeg'],
    ['photoLarge', 'img-20250314-101530.jpg', 2560, 1920, 'jpeg'],
    ['motionPhoto', 'pxl-20250314-motion.jpg', 1600, 1200, 'jpeg'],
    ['progressive', 'progressiva.jpg', 2000, 1500, 'jpeg'],
    ['cmyk', 'folheto-cmyk.jpg', 1600, 1200, 'jpeg'],
    ['displayP3', 'iphone-p3.jpg', 1600, 1200, 'jpeg'],
    ['png16Alpha', 'logotipo-16-bits.png', 1200, 900, 'png'],
    ['screenshot', 'captura-de-tela-2025-03-14.png', 1280, 800, 'png'],
    ['webp', 'sala-de-espera.webp', 1600, 1200, 'webp'],
    ['avif', 'fachada.avif', 1600, 1200, 'heif'],
    ['tiff', 'digitalizacao.jpg', 1200, 900, 'jpeg'],
    ['gifAnimated', 'animacao.gif', 480, 270, 'gif'],
  ] as const)('accepts %s as %s (%ix%i), with every variant served clean', async (name, nome, width, height, format) => {
    const response = await uploadFixture(name);
    expect(response.status).toBe(200);
    await expectCompleteSet(response.body.value, { nome, width, height, format });
  });

  it('turns a phone photo upright (EXIF orientation 6) and reports the real size', async () => {
    const response = await uploadFixture('oriented');
    expect(response.status).toBe(200);
    const set = response.body.value as ImageSet & { id: number };
    await expectCompleteSet(set, { nome: 'retrato-na-recepcao.jpeg', width: 1920, height: 2560, format: 'jpeg' });
    // Orientation 6 turns the picture 90° clockwise: the stored top-left marker ends up top-right.
    const { bytes } = await fetchImage(set.masterUrl);
    const marker = Math.round((MARKER.size * 2560) / 4000);
    // stats() reads its input, so the corner is cut out first.
    const corner = async (left: number) => {
      const cut = await sharp(bytes).extract({ left, top: 10, width: 20, height: 20 }).png().toBuffer();
      return (await sharp(cut).stats()).channels.map((channel) => channel.mean);
    };
    const [r, g] = await corner(set.width - marker + 10);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    const [, greenLeft] = await corner(10);
    expect(greenLeft).toBeGreaterThan(80);
  });

  it('keeps the animation: a 12-frame GIF master and animated WebP variants', async () => {
    const response = await uploadFixture('gifAnimated');
    const set = response.body.value as ImageSet;
    expect(set.animated).toBe(true);
    expect((await sharp((await fetchImage(set.masterUrl)).bytes).metadata()).pages).toBe(12);
    const webp = set.variants.find((variant) => variant.format === 'webp')!;
    expect((await sharp((await fetchImage(webp.url)).bytes).metadata()).pages).toBe(12);
  });

  it('converts CMYK and Display P3 to sRGB pixels without a profile', async () => {
    for (const name of ['cmyk', 'displayP3'] as const) {
      const set = (await uploadFixture(name)).body.value as ImageSet;
      const metadata = await sharp((await fetchImage(set.masterUrl)).bytes).metadata();
      expect([metadata.space, metadata.channels, metadata.icc]).toEqual(['srgb', 3, undefined]);
    }
  });

  it('refuses a truncated JPEG with 422 and says the file is incomplete', async () => {
    const response = await uploadFixture('truncated');
    expect(expectFailure(response, 422, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadCorrupt]);
  });

  it('refuses a 20000 x 20000 bomb with 413 from its header, before decompressing it', async () => {
    const before = process.memoryUsage().rss;
    const response = await uploadFixture('bomb');
    expect(expectFailure(response, 413, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadTooManyPixelsSized(20_000, 20_000)]);
    // 400 megapixels decoded would take at least 50 MB even at one bit per pixel.
    expect(process.memoryUsage().rss - before).toBeLessThan(50_000_000);
  });

  it('refuses an iPhone HEIC with 415 and explains how to export a JPEG', async () => {
    const response = await uploadFixture('heic');
    const [message] = expectFailure(response, 415, 'artigos/upload-imagem');
    expect(message).toBe(MESSAGES.uploadHeic);
    expect(message).toMatch(/JPEG/);
  });

  it('never replaces an image under a colliding name: Unicode and accents map to the same slug, each gets its own', async () => {
    const photo = readFixture(fixtures.progressive);
    const names = [];
    for (const requested of ['Sala de espera.jpg', 'sala-de-espera.jpg', 'Sála de Espéra.JPG', 'SALA DE ESPERA.jpg']) {
      const response = await upload(photo, requested);
      expect(response.status).toBe(200);
      names.push(response.body.value.nome);
    }
    expect(names).toEqual(['sala-de-espera.jpg', 'sala-de-espera-2.jpg', 'sala-de-espera-3.jpg', 'sala-de-espera-4.jpg']);
    const other = await createArticle(t.repo);
    expect((await upload(photo, 'Sala de espera.jpg', other.id)).body.value.nome).toBe('sala-de-espera.jpg');
  });

  it('never answers 5xx to random bytes after an image signature', async () => {
    const signatures = [
      [0xff, 0xd8, 0xff, 0xe0],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
      [0x52, 0x49, 0x46, 0x46, 0x20, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
      [0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66],
      [0x49, 0x49, 0x2a, 0x00],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 4096 }), async (signature, tail) => {
        const response = await upload(Buffer.concat([Buffer.from(signature), Buffer.from(tail)]), 'aleatorio.jpg');
        expect(response.status).toBeLessThan(500);
        if (response.status !== 200) expect(response.body.messages[0]).toMatch(/imagem|arquivo/i);
      }),
      { numRuns: 60 },
    );
  });
});
