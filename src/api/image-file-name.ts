import { hasControlCharacters } from '../lib/plain-text.js';
import { slugify } from '../lib/slug.js';

/**
 * Safe names for stored images: a slug of the base name plus a lowercase image extension, never a
 * path, `..` or control character. Browser-safe, so the editor can predict the stored name.
 */

export type ImageKind = 'png' | 'jpg' | 'webp' | 'gif' | 'avif';

const EXTENSIONS_BY_KIND: Record<ImageKind, readonly string[]> = {
  png: ['png'],
  jpg: ['jpg', 'jpeg'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['avif'],
};
const IMAGE_EXTENSIONS = new Set(Object.values(EXTENSIONS_BY_KIND).flat());
const MAX_BASE_LENGTH = 100;
const FALLBACK_BASE = 'imagem';

function split(requested: string): { base: string; extension: string } {
  const last = requested.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot < 0) return { base: last, extension: '' };
  return { base: last.slice(0, dot), extension: last.slice(dot + 1).toLowerCase() };
}

function safeBase(base: string): string {
  return slugify(base).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '') || FALLBACK_BASE;
}

/**
 * A name that tries to be a path, hides characters or smuggles encoded ones is an attack, not a
 * typo: it is refused instead of repaired. Full-width look-alikes are folded first (NFKC).
 */
export function isSafeRequestedName(requested: string): boolean {
  const folded = requested.normalize('NFKC');
  return !/[/\\\r\n\t]|\.\.|%[0-9a-f]{2}/i.test(folded) && !hasControlCharacters(folded);
}

/** The name an image declared in an article will have once uploaded; null without an image extension. */
export function declaredImageName(requested: string): string | null {
  const { base, extension } = split(requested.trim());
  if (!IMAGE_EXTENSIONS.has(extension)) return null;
  return `${safeBase(base)}.${extension}`;
}

/** The name an upload is stored under: its extension kept when it agrees with the bytes, else the real one. */
export function uploadedImageName(requested: string, kind: ImageKind): string {
  const { base, extension } = split(requested.trim());
  const agrees = EXTENSIONS_BY_KIND[kind].includes(extension);
  return `${safeBase(base)}.${agrees ? extension : kind}`;
}
