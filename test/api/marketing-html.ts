/** Readers for the marketing pages' HTML in the API tests: links with their attributes and text. */

export interface Anchor {
  href: string;
  text: string;
  attributes: Record<string, string>;
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    attributes[match[1]!] = decodeEntities(match[2] ?? '');
  }
  return attributes;
}

export function anchors(html: string): Anchor[] {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/gs)].map((match) => {
    const attributes = attributesOf(match[1]!);
    const text = decodeEntities(match[2]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim());
    return { href: attributes.href ?? '', text, attributes };
  });
}

export function anchorNamed(html: string, text: string): Anchor {
  const found = anchors(html).filter((anchor) => anchor.text.startsWith(text));
  if (found.length === 0) throw new Error(`link "${text}" ausente`);
  return found[0]!;
}

export function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map((match) => attributesOf(match[1]!.replace(/\/$/, '')));
}

/** The text content between two markers, e.g. a <nav> block, for scoped assertions. */
export function block(html: string, start: RegExp, end: string): string {
  const match = start.exec(html);
  if (!match) throw new Error(`bloco ${start} ausente`);
  const from = match.index;
  const to = html.indexOf(end, from);
  return html.slice(from, to === -1 ? undefined : to + end.length);
}
