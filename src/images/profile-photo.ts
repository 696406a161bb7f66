import sharp, { type OutputInfo } from 'sharp';
import { encode } from './encode-image.js';
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

/**
 * An uploaded photo as the square variants of a profile, through the checks of every upload (type
 * sniffed from the bytes, pixel limit before decoding, decode timeout). Cropped where libvips finds the
 * most detail and skin tones, which keeps a face that sits off centre; never enlarged, so a small photo
 * gives fewer sizes. An animation gives its first frame and transparency lands on white: a portrait is
 * a still, opaque square.
 */
export async function processProfilePhoto(path: string): Promise<EncodedImageInput[]> {
  await probeImage(path);
  let square: { data: Buffer; info: OutputInfo };
  try {
    // The shorter side is the same whichever way the photo is turned, so the header is enough.
    const metadata = await sharp(path, INPUT).metadata();
    const side = Math.min(metadata.width ?? 0, metadata.pageHeight ?? metadata.height ?? 0, PROFILE_PHOTO_SIDES.at(-1)!);
    square = await sharp(path, INPUT)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: side, height: side, fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeFailure(error);
  }
  const raw = { width: square.info.width, height: square.info.height, channels: square.info.channels };
  const sides: number[] = PROFILE_PHOTO_SIDES.filter((side) => side < raw.width);
  sides.push(raw.width);
  const files: EncodedImageInput[] = [];
  for (const side of sides) {
    for (const format of FORMATS) {
      const { data, info } = await encode(sharp(square.data, { raw }).resize({ width: side, height: side }), format).toBuffer({ resolveWithObject: true });
      files.push(hashedFile(BASE, `${side}w`, { format, width: info.width, height: info.height, bytes: data }));
    }
  }
  return files;
}
