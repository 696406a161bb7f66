import type { Sharp } from 'sharp';
import type { VariantFormat } from './image-set.js';

/** Bump when settings or sizes change: cached results of older versions are then ignored. */
export const PIPELINE_VERSION = 2;

/**
 * Encoder settings, chosen for speed on a small 2-core server as much as for size: AVIF and WebP at
 * low effort (higher efforts double the time for a few percent), progressive JPEG without mozjpeg's
 * trellis search (4x slower; the JPEG is only the fallback of browsers without AVIF/WebP).
 */
export function encode(pipeline: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 1 });
    case 'webp':
      return pipeline.webp({ quality: 75, effort: 2 });
    case 'jpeg':
      return pipeline.jpeg({ quality: 80, progressive: true, optimiseCoding: true });
    case 'png':
      return pipeline.png({ compressionLevel: 8, adaptiveFiltering: true });
    case 'gif':
      return pipeline.gif({ effort: 4 });
  }
}

export const CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

export const EXTENSIONS: Record<VariantFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
};
