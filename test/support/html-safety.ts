import { ARTICLE_TAGS } from '../../src/lib/sanitize-article-html.js';

/** Text-only attributes (title, alt) may say "javascript:"; only these can carry something executable. */
const ARTICLE_ATTRIBUTES = new Set(['href', 'src', 'title', 'target', 'rel', 'alt', 'width', 'start', 'style']);

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", colon: ':', tab: '\t', newline: '\n' };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? whole;
    const code = entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Reads sanitised HTML the way a browser would be at risk from it and lists anything executable:
 * a tag outside the allowlist, an event handler, or a script-capable URL.
 */
export function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  if (/<\s*script/i.test(html)) problems.push('script');
  for (const [, tag = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    if (!ARTICLE_TAGS.includes(tag.toLowerCase())) problems.push(`tag ${tag}`);
    for (const [, name = '', value = ''] of attributes.matchAll(/([^\s="/]+)(?:="([^"]*)")?/g)) {
      if (/^on/i.test(name)) problems.push(`handler ${name}`);
      if (!ARTICLE_ATTRIBUTES.has(name)) problems.push(`attribute ${name}`);
      const compact = decode(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
      if ((name === 'href' || name === 'src') && /^(?:javascript|vbscript|data):/.test(compact)) problems.push(`${name}=${value}`);
      if (name === 'style' && /expression\(|url\(|javascript:/.test(compact)) problems.push(`${name}=${value}`);
    }
  }
  return problems;
}
