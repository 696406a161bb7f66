const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The characters the sanitiser's entities stand for; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** Ends of the editor schema's blocks (and line breaks): each starts a new line of the text. */
const BLOCK_END = /<br\s*\/?>|<\/(?:p|h[1-6]|li|blockquote|pre|figure|figcaption|tr|td|th|div)>/gi;
const IMAGE = /<img\b[^>]*>/gi;
const ALT = /\balt="([^"]*)"/i;

/**
 * Sanitised article HTML as the reader reads it: one line per paragraph, heading or list item, and an
 * image as "[imagem: its alternative text]" so that adding or removing one shows in a comparison.
 */
export function articleText(html: string): string {
  const text = html
    .replace(IMAGE, (tag) => ` [imagem: ${ALT.exec(tag)?.[1] || 'sem texto alternativo'}] `)
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
