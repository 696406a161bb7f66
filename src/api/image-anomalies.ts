import type { ImageKind } from './image-file-name.js';

/**
 * Polyglots are files that are an image and something else at once (HTML, a script, an archive).
 * Served with nosniff they are inert here, but nothing legitimate needs them, so they are refused:
 * markup anywhere in the bytes, or data after the format's end marker.
 */

const MARKUP_SIGNATURE = /<(?:script|html|body|svg|iframe|object|embed|\?php|%)|javascript:/i;
const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** GIF's logical screen size; a GIF/JavaScript polyglot spends these bytes on a comment opener. */
const MAX_GIF_SIDE = 10_000;

function trailsAfterPngEnd(bytes: Buffer): boolean {
  const end = bytes.lastIndexOf(PNG_END);
  return end < 0 || end + PNG_END.length !== bytes.length;
}

function trailsAfterJpegEnd(bytes: Buffer): boolean {
  let last = bytes.length;
  while (last > 0 && bytes[last - 1] === 0x00) last -= 1;
  return !(bytes[last - 2] === 0xff && bytes[last - 1] === 0xd9);
}

function gifIsOdd(bytes: Buffer): boolean {
  if (bytes.length < 14) return true;
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  return width > MAX_GIF_SIDE || height > MAX_GIF_SIDE || bytes[bytes.length - 1] !== 0x3b;
}

function webpSizeDisagrees(bytes: Buffer): boolean {
  if (bytes.length < 12) return true;
  const declared = bytes.readUInt32LE(4) + 8;
  return declared !== bytes.length && declared + 1 !== bytes.length;
}

export function isPolyglot(bytes: Buffer, kind: ImageKind): boolean {
  if (MARKUP_SIGNATURE.test(bytes.toString('latin1'))) return true;
  switch (kind) {
    case 'png':
      return trailsAfterPngEnd(bytes);
    case 'jpg':
      return trailsAfterJpegEnd(bytes);
    case 'gif':
      return gifIsOdd(bytes);
    case 'webp':
      return webpSizeDisagrees(bytes);
    case 'avif':
      return false;
  }
}
