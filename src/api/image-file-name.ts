import { randomBytes } from 'node:crypto';
import type { VariantFormat } from '../images/image-set.js';
import { hasControlCharacters } from '../lib/plain-text.js';
import { slugify } from '../lib/slug.js';

/**
 * Safe names for stored images: a slug of the base name plus a lowercase image extension, never a
 * path, `..` or control character. Browser-safe, so the editor can predict the stored name.
 */

const EXTENSIONS_BY_FORMAT: Record<VariantFormat, readonly string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['avif'],
};
const IMAGE_EXTENSIONS = new Set(Object.values(EXTENSIONS_BY_FORMAT).flat());
const MAX_BASE_LENGTH = 100;
const FALLBACK_BASE = 'imagem';
/** Numbered names tried for a name already taken (foto-2.jpg ... foto-9.jpg) before a random one. */
const NUMBERED_TRIES = 8;

function split(requested: string): { base: string; extension: string } {
  const last = requested.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot < 0) return { base: last, extension: '' };
  return { base: last.slice(0, dot), extension: last.slice(dot + 1).toLowerCase() };
}

function slugBase(base: string): string {
  return slugify(base).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '');
}

const randomSuffix = () => randomBytes(4).toString('hex');

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
  return `${slugBase(base) || FALLBACK_BASE}.${extension}`;
}

/**
 * Names to store an upload under, best first, with the extension of the format we wrote (the
 * requested spelling kept when it agrees: .jpeg stays .jpeg). The readable slug comes first, then
 * numbered ones, then a random one; a name with no Latin letter or digit gets a random one at once,
 * so `日本語.jpg` and `.htaccess` never end up sharing `imagem.jpg`.
 */
export function uploadedImageNames(requested: string, format: VariantFormat): string[] {
  const { base, extension } = split(requested.trim());
  const ext = EXTENSIONS_BY_FORMAT[format].includes(extension) ? extension : EXTENSIONS_BY_FORMAT[format][0]!;
  const slug = slugBase(base);
  if (!slug) return [`${FALLBACK_BASE}-${randomSuffix()}.${ext}`];
  const numbered = Array.from({ length: NUMBERED_TRIES }, (_, i) => `${slug}-${i + 2}.${ext}`);
  return [`${slug}.${ext}`, ...numbered, `${slug}-${randomSuffix()}.${ext}`];
}
