import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_MODEL, readFixture, TRAILER_MARKUP } from '../fixtures/images/generate.js';
import { expectCompleteSet, fixtures, setUpUploadApp, uploadFixture } from './image-pipeline.js';

/** Every accepted format, uploaded through the spec's form, and everything the site then serves for it. */

setUpUploadApp();

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
});
