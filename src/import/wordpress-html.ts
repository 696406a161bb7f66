/**
 * WordPress's stored post body made into plain HTML, as WordPress itself would show it: Gutenberg's block
 * comments dropped, the shortcodes that hold content unwrapped ([caption] keeps its image and its
 * caption), those that need WordPress to mean anything removed and named, and the classic editor's blank
 * lines turned into paragraphs (WordPress's wpautop).
 */

const BLOCK_TAGS = /<\/?(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|table|thead|tbody|tr|td|th|figure|figcaption|hr|img|iframe)\b/i;

export interface WordPressHtml {
  html: string;
  /** Names of the shortcodes removed ([gallery], [embed]…), each once. */
  removedShortcodes: string[];
}

/** [caption id=".."]<img ..> The caption[/caption]: the image, then its caption as a paragraph. */
function unwrapCaptions(html: string): string {
  return html.replace(/\[caption\b[^\]]*\]([\s\S]*?)\[\/caption\]/gi, (_match, inner: string) => {
    const image = /(?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?/i.exec(inner);
    const caption = inner.replace(image?.[0] ?? '', '').trim();
    return `\n\n${image?.[0] ?? ''}\n\n${caption ? `<p><em>${caption}</em></p>` : ''}\n\n`;
  });
}

function removeShortcodes(html: string, removed: Set<string>): string {
  // Enclosing ones first ([embed]url[/embed]), then self-closing and lone ones ([gallery ids="1,2"]).
  const enclosing = html.replace(/\[([a-z][\w-]*)\b[^\]]*\][\s\S]*?\[\/\1\]/gi, (_match, name: string) => {
    removed.add(name.toLowerCase());
    return '';
  });
  return enclosing.replace(/\[(?!\/)([a-z][\w-]*)\b(?:\s[^\]]*)?\/?\]/gi, (_match, name: string) => {
    removed.add(name.toLowerCase());
    return '';
  });
}

/** Blank lines separate paragraphs and a single line break is a <br>, where the text is not HTML blocks already. */
function autop(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK_TAGS.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

export function wordPressHtml(stored: string): WordPressHtml {
  const removed = new Set<string>();
  const withoutBlocks = stored.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '');
  const html = autop(removeShortcodes(unwrapCaptions(withoutBlocks), removed));
  return { html, removedShortcodes: [...removed] };
}
