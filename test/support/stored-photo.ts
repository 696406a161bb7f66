import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ArticleRepository, EncodedImageInput } from '../../src/db/repository.js';
import type { VariantFormat } from '../../src/images/image-set.js';

const WIDTHS = [320, 640, 960, 1280, 1920];
const TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;
const EXTENSIONS = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

/** A photo-like JPEG (gradient and grain) of the given size. */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#fcd34d"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(gradient).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 80 }).toBuffer();
}

async function encoded(source: Buffer, base: string, label: string, format: keyof typeof TYPES, width: number): Promise<EncodedImageInput> {
  const pipeline = sharp(source).resize({ width });
  const { data, info } = await (format === 'avif' ? pipeline.avif({ effort: 0 }) : format === 'webp' ? pipeline.webp() : pipeline.jpeg()).toBuffer({
    resolveWithObject: true,
  });
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
  return { arquivo: `${base}.${label}.${hash}.${EXTENSIONS[format]}`, format: format as VariantFormat, content_type: TYPES[format], width: info.width, height: info.height, bytes: data };
}

/**
 * Stores a processed photo for an article the way the upload pipeline does (master, AVIF/WebP/JPEG
 * widths, 1200 px social JPEG), for page tests that do not go through the upload endpoint.
 */
export async function storePhoto(repo: ArticleRepository, id_artigo: number, nome: string, width: number, height: number): Promise<void> {
  const master = await photoJpeg(width, height);
  const base = nome.replace(/\.[a-z]+$/, '');
  const widths = WIDTHS.filter((candidate) => candidate <= width);
  if (width < 1920 && !widths.includes(width)) widths.push(width);
  const variants: EncodedImageInput[] = [];
  for (const format of ['avif', 'webp', 'jpeg'] as const) {
    for (const w of widths) variants.push(await encoded(master, base, `${w}w`, format, w));
  }
  await repo.saveImageSet({
    id_artigo,
    nome,
    master: { content_type: 'image/jpeg', bytes: master, width, height, hasAlpha: false, animated: false },
    variants,
    social: await encoded(master, base, 'social', 'jpeg', Math.min(1200, width)),
  });
}
