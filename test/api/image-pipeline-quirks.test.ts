import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import type { ImageSet } from '../../src/images/image-set.js';
import { MARKER, readFixture } from '../fixtures/images/generate.js';
import { createArticle } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';
import { expectCompleteSet, fetchImage, fixtures, setUpUploadApp, t, upload, uploadFixture } from './image-pipeline.js';

/** Phone quirks (orientation, animation, colour spaces), refused files, colliding names and random bytes through the upload form. */

setUpUploadApp();

describe('pipeline de imagens: envios reais pelo formulário da especificação', () => {
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

  it('refuses an AVIF that declares 7000 x 7000 pixels in 1.6 kB with 422, from its header, before decoding it', async () => {
    const before = process.memoryUsage().rss;
    const response = await uploadFixture('avifBomb');
    expect(expectFailure(response, 422, 'artigos/upload-imagem')).toEqual([MESSAGES.uploadOverBudgetSized(7000, 7000)]);
    expect(process.memoryUsage().rss - before).toBeLessThan(50_000_000);
  });

  it('refuses an animation over the budget with 413, naming its frames and its total pixels', async () => {
    const response = await uploadFixture('gifFramesBomb');
    const [message] = expectFailure(response, 413, 'artigos/upload-imagem');
    expect(message).toBe(MESSAGES.uploadTooManyPixelsAnimated(60, 1000, 1000));
    expect(message).toContain('60 quadros de 1000 × 1000 pixels: 60.000.000 pixels');
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
