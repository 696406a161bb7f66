import { sanitizeArticleHtml } from '../lib/sanitize-article-html.js';
import { outlineHeadings, readingMinutes, type OutlineEntry } from './article-outline.js';
import { scrollableTables } from './scrollable-tables.js';

/** Inputs and results together, about 4 MB of UTF-16: hundreds of long articles. */
const MAX_CHARS = 2_000_000;

/**
 * A body as the article page shows it, but for its images (made responsive apart: their processed
 * sets change without the text): sanitised, each h2 and h3 with its id, listed for the table of
 * contents, each table in a box that scrolls sideways, and the reading time.
 */
export interface DisplayBody {
  html: string;
  outline: OutlineEntry[];
  readingMinutes: number;
}

/**
 * Stored bodies sanitised again for display (a row written by an older, looser version of the API
 * must still be safe), remembered by their exact text. Sanitising, giving headings their ids and
 * counting words are pure functions of that text and cost more than the rest of an uncached article
 * page (two parser passes and three scans of the text), while a change to an article empties the
 * cached pages that show it, so most renders that follow are of bodies seen before. Least recently
 * used forgotten first. One per app.
 */
export class SafeBodies {
  private readonly remembered = new Map<string, DisplayBody>();
  private chars = 0;

  /** `pageIds`: the ids the page gives its own elements, which no heading may take. */
  constructor(private readonly pageIds: readonly string[]) {}

  display(stored: string): DisplayBody {
    const known = this.remembered.get(stored);
    if (known !== undefined) {
      this.remembered.delete(stored);
      this.remembered.set(stored, known);
      return known;
    }
    const safe = sanitizeArticleHtml(stored);
    const { html, outline } = outlineHeadings(safe, this.pageIds);
    const body = { html: scrollableTables(html), outline, readingMinutes: readingMinutes(safe) };
    const size = stored.length + html.length;
    if (size > MAX_CHARS) return body;
    this.remembered.set(stored, body);
    this.chars += size;
    for (const [oldest, result] of this.remembered) {
      if (this.chars <= MAX_CHARS) break;
      this.remembered.delete(oldest);
      this.chars -= oldest.length + result.html.length;
    }
    return body;
  }
}
