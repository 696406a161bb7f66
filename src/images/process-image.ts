import sharp, { type CreateRaw, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { createSlots } from './decode-slots.js';
import { encode } from './encode-image.js';
import type { VariantFormat } from './image-set.js';
import { ImageRejectedError } from './image-rejected.js';
import { DECODE_TIMEOUT_SECONDS, MASTER_MAX_SIDE, MAX_INPUT_PIXELS, RESPONSIVE_WIDTHS } from './image-limits.js';
import { probeImage, type InputFormat } from './probe-image.js';
import { socialCrop } from './social-crop.js';

// libvips' operation cache would keep decoded photos alive between uploads for nothing.
sharp.cache(false);

export interface EncodedImage {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

/** Everything stored for one upload: bytes our encoders wrote, so no metadata, trailer or markup survives. */
export interface ProcessedImage {
  master: EncodedImage;
  hasAlpha: boolean;
  animated: boolean;
  variants: EncodedImage[];
  social: EncodedImage;
}

/**
 * failOn 'truncated': a file cut short or with broken data is refused, while bytes after the image's
 * end (motion-photo videos, Samsung trailers) are never read and simply dropped.
 */
export const INPUT: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' };

/** Browsers show these as they are, so an upload keeps its format (and the name its extension). */
function masterFormat(input: InputFormat, hasAlpha: boolean): VariantFormat {
  if (input === 'tiff') return hasAlpha ? 'png' : 'jpeg';
  return input;
}

export function responsiveWidths(masterWidth: number): number[] {
  const widths: number[] = RESPONSIVE_WIDTHS.filter((width) => width <= masterWidth);
  if (masterWidth < RESPONSIVE_WIDTHS.at(-1)! && !widths.includes(masterWidth)) widths.push(masterWidth);
  return widths;
}

async function run(pipeline: Sharp, format: VariantFormat): Promise<EncodedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { format, width: info.width, height: info.pageHeight ?? info.height, bytes: data };
}

export function decodeFailure(error: unknown): ImageRejectedError {
  if (/timeout/i.test(String(error))) return new ImageRejectedError('over-budget');
  return new ImageRejectedError(/pixel limit/i.test(String(error)) ? 'too-many-pixels' : 'corrupt');
}

/** Upright, sRGB, at most MASTER_MAX_SIDE, as raw pixels; alpha kept only when some pixel uses it. */
async function decodeStill(path: string): Promise<{ pixels: Buffer; raw: CreateRaw }> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(path, INPUT)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeFailure(error);
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  if (info.channels === 4 && (await sharp(data, { raw }).stats()).isOpaque) {
    const opaque = await sharp(data, { raw }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { pixels: opaque.data, raw: { ...raw, channels: opaque.info.channels } };
  }
  return { pixels: data, raw };
}

/**
 * Two encodes of one image at a time, each on sharp's threads: with two images decoding at once that
 * fills libuv's four workers without queueing every variant's buffers at the same moment.
 */
const ENCODES_PER_IMAGE = 2;

async function processStill(path: string, input: InputFormat): Promise<ProcessedImage> {
  const { pixels, raw } = await decodeStill(path);
  const from = () => sharp(pixels, { raw });
  const hasAlpha = raw.channels === 4;
  const fallback: VariantFormat = hasAlpha ? 'png' : 'jpeg';
  const slot = createSlots(ENCODES_PER_IMAGE);
  const encodeAt = (width: number, format: VariantFormat) => slot(() => run(encode(from().resize({ width }), format), format));
  const widths = responsiveWidths(raw.width);
  const variants = Promise.all(widths.flatMap((width) => (['avif', 'webp', fallback] as const).map((format) => encodeAt(width, format))));
  const [master, social] = await Promise.all([
    slot(() => run(encode(from(), masterFormat(input, hasAlpha)), masterFormat(input, hasAlpha))),
    slot(() => run(socialCrop(from(), raw.width, raw.height), 'jpeg')),
  ]);
  return { master, hasAlpha, animated: false, variants: await variants, social };
}

/**
 * Animations stay animated: a GIF master, animated WebP (the smallest that every current browser
 * plays) with an animated GIF fallback at each width; AVIF has no animation in libvips. The social
 * image is the first frame. Encoded one after the other: every pass decodes all frames again.
 */
async function processAnimated(path: string): Promise<ProcessedImage> {
  const animated = () => sharp(path, { ...INPUT, animated: true }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
  try {
    const metadata = await animated().metadata();
    const width = metadata.width;
    const height = metadata.pageHeight ?? metadata.height;
    const masterWidth = Math.min(width, Math.floor((MASTER_MAX_SIDE * width) / Math.max(width, height)));
    const master = await run(encode(animated().resize({ width: masterWidth }), 'gif'), 'gif');
    const variants: EncodedImage[] = [];
    for (const format of ['webp', 'gif'] as const) {
      for (const variantWidth of responsiveWidths(masterWidth)) {
        variants.push(await run(encode(animated().resize({ width: variantWidth }), format), format));
      }
    }
    const firstFrame = sharp(path, INPUT).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
    const social = await run(socialCrop(firstFrame, width, height), 'jpeg');
    return { master, hasAlpha: Boolean(metadata.hasAlpha), animated: true, variants, social };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/** Decodes an uploaded file (any size on disk) and writes the master, the variants and the social image. */
export async function processImage(path: string): Promise<ProcessedImage> {
  const probed = await probeImage(path);
  if (probed.pages > 1) return processAnimated(path);
  return processStill(path, probed.format);
}
