import { slugify } from '../lib/slug.js';
import { plainText } from './excerpt.js';

/** A heading of the body as the table of contents lists it. */
export interface OutlineEntry {
  level: 2 | 3;
  text: string;
  id: string;
}

/** Sanitised HTML spells a heading one way: `<h2>` or `<h2 style="…">`, never with an id of its own. */
const HEADING = /<(h[23])((?:\s+[a-z-]+="[^"]*")*)>(.*?)<\/\1>/gs;

/** The table of contents appears from this many headings on: fewer are seen at a glance. */
export const OUTLINE_MIN_HEADINGS = 3;

/** Words a minute of an adult reading Portuguese on a screen, as reading-time estimates use. */
const WORDS_PER_MINUTE = 200;

/**
 * Gives each h2 and h3 of the body an id made from its text (unique in the page: `taken` holds the
 * page's own ids) and lists them, for the table of contents. Links to a heading survive edits of the
 * rest of the article.
 */
export function outlineHeadings(html: string, taken: Iterable<string>): { html: string; outline: OutlineEntry[] } {
  const used = new Set(taken);
  const outline: OutlineEntry[] = [];
  const withIds = html.replace(HEADING, (tag, name: string, attributes: string, inner: string) => {
    const text = plainText(inner);
    if (!text) return tag;
    const base = slugify(text) || 'secao';
    let id = base;
    for (let suffix = 2; used.has(id); suffix += 1) id = `${base}-${suffix}`;
    used.add(id);
    outline.push({ level: name === 'h2' ? 2 : 3, text, id });
    return `<${name} id="${id}"${attributes}>${inner}</${name}>`;
  });
  return { html: withIds, outline };
}

/** "6 min de leitura": whole minutes, at least one. */
export function readingMinutes(html: string): number {
  const words = plainText(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
