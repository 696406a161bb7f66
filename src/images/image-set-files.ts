import { createHash } from 'node:crypto';
import type { EncodedImageInput, NewImageSet } from './image-set.js';
import { CONTENT_TYPES, EXTENSIONS } from './encode-image.js';
import type { EncodedImage, ProcessedImage } from './process-image.js';

/**
 * File names of the variants: the master's base, the width (or "social"), a content hash and the
 * format's extension, e.g. foto.640w.3f2a9c1b0d4e.avif. The dots keep them apart from upload names,
 * which are slugs, and the hash makes each URL immutable.
 */
export const VARIANT_FILE_NAME = /^[a-z0-9-]+\.(?:\d{1,5}w|social)\.[0-9a-f]{12}\.(?:avif|webp|jpg|png|gif)$/;

/** One encoded image under its hashed name: `{base}.{label}.{hash}.{ext}`. */
export function hashedFile(base: string, label: string, image: EncodedImage): EncodedImageInput {
  const hash = createHash('sha256').update(image.bytes).digest('hex').slice(0, 12);
  return {
    arquivo: `${base}.${label}.${hash}.${EXTENSIONS[image.format]}`,
    format: image.format,
    content_type: CONTENT_TYPES[image.format],
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  };
}

export function toNewImageSet(id_artigo: number, nome: string, processed: ProcessedImage): NewImageSet {
  const base = nome.slice(0, nome.lastIndexOf('.'));
  return {
    id_artigo,
    nome,
    master: {
      content_type: CONTENT_TYPES[processed.master.format],
      bytes: processed.master.bytes,
      width: processed.master.width,
      height: processed.master.height,
      hasAlpha: processed.hasAlpha,
      animated: processed.animated,
    },
    variants: processed.variants.map((variant) => hashedFile(base, `${variant.width}w`, variant)),
    social: hashedFile(base, 'social', processed.social),
  };
}
