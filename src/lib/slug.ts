/**
 * Turns any text into a URL slug: accents stripped, lowercase, words joined by single hyphens.
 * Runs in the browser too (the editor suggests titulo_url from the title), so no Node imports.
 */

// Letters that NFD does not decompose into a base letter plus a combining mark.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/&/g, ' e ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function isSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}
