import type { ImageSet, ImageVariant, VariantFormat } from '../../src/images/image-set.js';
import { articleImagePath } from '../../src/images/image-urls.js';

const WIDTHS = [320, 640, 960, 1280, 1920];
const EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };

/**
 * An ImageSet as the pipeline describes a photo of width x height: the responsive widths never
 * upscaled (plus the master's own width when it is narrower than 1920), AVIF, WebP and a JPEG fallback,
 * at hashed URLs, and the 1200 × 630 social JPEG cropped around the centre.
 */
export function makeImageSet(id_artigo: number, nome: string, width: number, height: number): ImageSet {
  const base = nome.replace(/\.[a-z]+$/, '');
  const widths = WIDTHS.filter((candidate) => candidate <= width);
  if (width < 1920 && !widths.includes(width)) widths.push(width);
  const variant = (format: VariantFormat, w: number): ImageVariant => ({
    format,
    width: w,
    height: Math.round((w * height) / width),
    url: articleImagePath(id_artigo, `${base}-${w}-h${w.toString(16)}.${EXTENSION[format]}`),
    bytes: w * (format === 'avif' ? 40 : format === 'webp' ? 60 : 90),
  });
  return {
    id: id_artigo * 1000 + nome.length,
    id_artigo,
    nome,
    width,
    height,
    hasAlpha: false,
    animated: false,
    masterUrl: articleImagePath(id_artigo, nome),
    variants: (['avif', 'webp', 'jpeg'] as const).flatMap((format) => widths.map((w) => variant(format, w))),
    social: { format: 'jpeg', width: 1200, height: 630, bytes: 108_000, url: articleImagePath(id_artigo, `${base}-social-h1.jpg`) },
    focus: { x: 0.5, y: 0.5 },
  };
}
