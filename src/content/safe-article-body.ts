import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';

/** Inputs and results together, about 4 MB of UTF-16: hundreds of long articles. */
const MAX_CHARS = 2_000_000;

/**
 * Stored bodies sanitised again for display (a row written by an older, looser version of the API
 * must still be safe), remembered by their exact text. Sanitising is a pure function of that text and
 * costs two parser passes, while every change to any article empties the whole page cache, so most
 * renders that follow are of bodies sanitised before. Least recently used forgotten first. One per app.
 */
export class SafeBodies {
  private readonly remembered = new Map<string, string>();
  private chars = 0;

  sanitize(stored: string): string {
    const known = this.remembered.get(stored);
    if (known !== undefined) {
      this.remembered.delete(stored);
      this.remembered.set(stored, known);
      return known;
    }
    const safe = sanitizeArticleHtml(stored);
    const size = stored.length + safe.length;
    if (size > MAX_CHARS) return safe;
    this.remembered.set(stored, safe);
    this.chars += size;
    for (const [oldest, result] of this.remembered) {
      if (this.chars <= MAX_CHARS) break;
      this.remembered.delete(oldest);
      this.chars -= oldest.length + result.length;
    }
    return safe;
  }
}
