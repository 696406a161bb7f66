import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from './api-error.js';
import type { ImageKind } from './image-file-name.js';
import { MESSAGES } from './messages.js';

export interface ImageType {
  kind: ImageKind;
  contentType: string;
}

/** What the bytes say, never what the name or the client's Content-Type claim. */
const ACCEPTED: Record<string, ImageType> = {
  png: { kind: 'png', contentType: 'image/png' },
  apng: { kind: 'png', contentType: 'image/png' },
  jpg: { kind: 'jpg', contentType: 'image/jpeg' },
  webp: { kind: 'webp', contentType: 'image/webp' },
  gif: { kind: 'gif', contentType: 'image/gif' },
  avif: { kind: 'avif', contentType: 'image/avif' },
};

const SVG_START = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype svg[^>]*>\s*)?<svg[\s>]/i;

export async function sniffImage(bytes: Buffer, requestedName: string): Promise<ImageType> {
  const detected = await fileTypeFromBuffer(bytes);
  const accepted = detected && ACCEPTED[detected.ext];
  if (accepted) return accepted;
  const looksLikeSvg = SVG_START.test(bytes.subarray(0, 4096).toString('utf8')) || /\.svgz?$/i.test(requestedName);
  throw new ApiError(415, looksLikeSvg ? MESSAGES.uploadSvg : MESSAGES.uploadNotImage);
}
