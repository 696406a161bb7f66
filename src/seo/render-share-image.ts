import sharp from 'sharp';
import { applyShippedFonts } from '../images/shipped-fonts.js';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImageSvg, type ShareImageText } from './share-image-svg.js';

export interface RenderedShareImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The share image as the JPEG previews fetch: drawn from its SVG with the shipped font. */
export async function renderShareImage(text: ShareImageText): Promise<RenderedShareImage> {
  applyShippedFonts();
  const bytes = await sharp(Buffer.from(shareImageSvg(text)))
    .jpeg({ quality: 85, progressive: true, optimiseCoding: true })
    .toBuffer();
  return { bytes, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };
}
