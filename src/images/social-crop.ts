import sharp, { type Sharp } from 'sharp';
import { encode } from './encode-image.js';
import { CENTRE, focalCrop, type FocalPoint } from './focal-crop.js';
import { DECODE_TIMEOUT_SECONDS, SOCIAL_HEIGHT, SOCIAL_WIDTH } from './image-limits.js';

/**
 * The share image of a photo (og:image, twitter:image, feeds): always SOCIAL_WIDTH × SOCIAL_HEIGHT, the
 * largest rectangle of that shape around the focal point, enlarged when the photo is smaller (previews
 * are drawn at that size anyway), transparency on white.
 */
export function socialCrop(pipeline: Sharp, width: number, height: number, focus: FocalPoint = CENTRE): Sharp {
  const crop = focalCrop(width, height, SOCIAL_WIDTH, SOCIAL_HEIGHT, focus);
  return encode(pipeline.extract(crop).resize({ width: SOCIAL_WIDTH, height: SOCIAL_HEIGHT, fit: 'fill' }).flatten({ background: '#ffffff' }), 'jpeg');
}

/** The share image again from a stored master (already upright and sRGB; an animation's first frame), for a new focal point. */
export async function socialFromMaster(master: Buffer, focus: FocalPoint): Promise<{ width: number; height: number; bytes: Buffer }> {
  const metadata = await sharp(master).metadata();
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const { data, info } = await socialCrop(sharp(master).timeout({ seconds: DECODE_TIMEOUT_SECONDS }), metadata.width ?? 0, height, focus).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, bytes: data };
}
