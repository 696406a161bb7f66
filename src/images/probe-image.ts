import { open, stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { ImageRejectedError } from './image-rejected.js';
import { AV1_MIN_BYTES_PER_PIXEL, AV1_RATIO_FROM_PIXELS, MAX_INPUT_PIXELS } from './image-limits.js';

export type InputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif';

export interface ProbedImage {
  format: InputFormat;
  /** Frames to decode: more than one only for an animated GIF or WebP. */
  pages: number;
  /** Pixels of every frame together: what decoding costs. */
  pixels: number;
}

/** ISO-BMFF brands of HEVC-coded HEIF (iPhone photos): the bundled libvips has no HEVC decoder. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

async function isHevcHeif(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(32);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    if (bytesRead < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return false;
    const brands = [head.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= Math.min(bytesRead, head.readUInt32BE(0)); at += 4) brands.push(head.toString('latin1', at, at + 4));
    return !brands.includes('avif') && brands.some((brand) => HEVC_BRANDS.has(brand));
  } finally {
    await file.close();
  }
}

/**
 * Reads only the header: what the file is and how many pixels it declares. Pixel counts beyond the
 * limit are refused here, before any decompression.
 */
export async function probeImage(path: string): Promise<ProbedImage> {
  if (await isHevcHeif(path)) throw new ImageRejectedError('heic');
  let metadata: Metadata;
  try {
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (error) {
    const unknown = /unsupported image format|empty/i.test(String(error));
    throw new ImageRejectedError(unknown ? 'not-image' : 'corrupt');
  }
  const { format, width, height } = metadata;
  const pages = metadata.pages ?? 1;
  if (format === 'svg') throw new ImageRejectedError('svg');
  if (format === 'heif' && metadata.compression !== 'av1') throw new ImageRejectedError('heic');
  const accepted: InputFormat | undefined =
    format === 'heif' ? 'avif' : (['jpeg', 'png', 'webp', 'gif', 'tiff'] as const).find((name) => name === format);
  if (!accepted || !width || !height) throw new ImageRejectedError('not-image');
  // Every frame of an animation is decoded, so frames count towards the limit.
  const frames = accepted === 'gif' || accepted === 'webp' ? pages : 1;
  const pixels = width * height * frames;
  if (pixels > MAX_INPUT_PIXELS) throw new ImageRejectedError('too-many-pixels', { width, height, ...(frames > 1 ? { frames } : {}) });
  if (accepted === 'avif' && pixels > AV1_RATIO_FROM_PIXELS && (await stat(path)).size < pixels * AV1_MIN_BYTES_PER_PIXEL) {
    throw new ImageRejectedError('over-budget', { width, height });
  }
  return { format: accepted, pages: frames, pixels };
}
