import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';

/** Inputs and results together, about 4 MB of UTF-16: hundreds of long articles. */
const MAX_CHARS = 2_000_000;

const remembered = new Map<string, string>();
let chars = 0;

/**
 * The stored body sanitised again for display (a row written by an older, looser version of the API
 * must still be safe), remembered by its exact text. Sanitising is a pure function of that text and
 * costs two parser passes, while every change to any article empties the whole page cache, so most
 * renders that follow are of bodies sanitised before. Least recently used forgotten first.
 */
export function safeArticleBody(stored: string): string {
  const known = remembered.get(stored);
  if (known !== undefined) {
    remembered.delete(stored);
    remembered.set(stored, known);
    return known;
  }
  const safe = sanitizeArticleHtml(stored);
  const size = stored.length + safe.length;
  if (size > MAX_CHARS) return safe;
  remembered.set(stored, safe);
  chars += size;
  for (const [oldest, result] of remembered) {
    if (chars <= MAX_CHARS) break;
    remembered.delete(oldest);
    chars -= oldest.length + result.length;
  }
  return safe;
}
