import sharp, { type OutputInfo } from 'sharp';
import { encode } from './encode-image.js';
import { focalCrop, type FocalPoint } from './focal-crop.js';
import type { EncodedImageInput, VariantFormat } from './image-set.js';
import { hashedFile } from './image-set-files.js';
import { DECODE_TIMEOUT_SECONDS } from './image-limits.js';
import { decodeFailure, INPUT } from './process-image.js';
import { probeImage } from './probe-image.js';

/** Sides of the square photo: the author page draws it at 96 or 192 CSS px (1x and 2x), and 400 for Person.image. */
export const PROFILE_PHOTO_SIDES = [96, 192, 400] as const;

/** The base of every variant's name: foto.192w.{hash}.webp. */
const BASE = 'foto';

const FORMATS: VariantFormat[] = ['avif', 'webp', 'jpeg'];

/** The original kept beside the squares: upright, opaque, at most this many pixels on its longer side. */
const ORIGINAL_SIDE = 1600;

/** The photo as sent, turned upright and bounded, from which the squares are made (and made again). */
export interface PhotoOriginal {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * An uploaded photo as the square variants of a profile, through the checks of every upload (type
 * sniffed from the bytes, pixel limit before decoding, decode timeout), and the upright original they
 * are cut from. An animation gives its first frame and transparency lands on white: a portrait is a
 * still, opaque square.
 */
export async function processProfilePhoto(path: string): Promise<{ files: EncodedImageInput[]; original: PhotoOriginal }> {
  await probeImage(path);
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await sharp(path, INPUT)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: ORIGINAL_SIDE, height: ORIGINAL_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeFailure(error);
  }
  const original = { bytes: upright.data, width: upright.info.width, height: upright.info.height };
  return { files: await squareVariants(original, null), original };
}

/**
 * The square variants of a photo: the largest square around the focal point (decision 030), or without
 * one where libvips finds the most detail and skin tones, which keeps a face that sits off centre; never
 * enlarged, so a small photo gives fewer sizes. The names hash the bytes: a new point gives new URLs.
 */
export async function squareVariants(original: PhotoOriginal, focus: FocalPoint | null): Promise<EncodedImageInput[]> {
  const side = Math.min(original.width, original.height, PROFILE_PHOTO_SIDES.at(-1)!);
  const source = sharp(original.bytes);
  const cropped = focus
    ? source.extract(focalCrop(original.width, original.height, 1, 1, focus)).resize({ width: side, height: side })
    : source.resize({ width: side, height: side, fit: 'cover', position: sharp.strategy.attention });
  const square = await cropped.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw = { width: square.info.width, height: square.info.height, channels: square.info.channels };
  const sides: number[] = PROFILE_PHOTO_SIDES.filter((each) => each < raw.width);
  sides.push(raw.width);
  const files: EncodedImageInput[] = [];
  for (const each of sides) {
    for (const format of FORMATS) {
      const { data, info } = await encode(sharp(square.data, { raw }).resize({ width: each, height: each }), format).toBuffer({ resolveWithObject: true });
      files.push(hashedFile(BASE, `${each}w`, { format, width: info.width, height: info.height, bytes: data }));
    }
  }
  return files;
}

/** The original drawn small, as a data: URL: the picture a person clicks to choose the focal point (it is not public). */
export async function originalPreview(original: PhotoOriginal, width: number): Promise<string> {
  const bytes = await sharp(original.bytes).resize({ width }).jpeg({ quality: 80 }).toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}
