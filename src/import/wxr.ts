import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import type { ParsedExport, SourceItem } from './source-item.js';

interface Element {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
}

/** Fields of an item WordPress writes more than once (categories, post meta): every other one is read once. */
const child = (element: Element, name: string) => element.children.find((candidate) => candidate.name === name)?.text.trim() ?? '';

/** WordPress's "2024-05-10 12:00:00" (UTC in post_date_gmt; "0000-00-00 00:00:00" for drafts). */
function gmtDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || match[1] === '0000') return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function rssDate(value: string): string | null {
  const date = new Date(value);
  return value.trim() && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** The path of an item's permalink, without its trailing slash; null for ?p= links and foreign addresses. */
function oldPath(link: string, site: string): string | null {
  try {
    const url = new URL(link);
    if (site && new URL(site).host !== url.host) return null;
    const path = decodeURI(url.pathname).replace(/\/+$/, '');
    return path && !url.search ? path : null;
  } catch {
    return null;
  }
}

function toItem(element: Element, site: string, authors: Map<string, { email: string; nome: string }>): SourceItem {
  const login = child(element, 'dc:creator');
  const author = authors.get(login);
  const categories = element.children.filter((candidate) => candidate.name === 'category' && ['category', 'post_tag'].includes(candidate.attributes.domain ?? ''));
  const meta = new Map(
    element.children.filter((candidate) => candidate.name === 'wp:postmeta').map((entry) => [child(entry, 'wp:meta_key'), child(entry, 'wp:meta_value')] as const),
  );
  const postId = Number(child(element, 'wp:post_id'));
  return {
    id_origem: String(postId),
    wp_id: Number.isSafeInteger(postId) && postId > 0 ? postId : null,
    caminho_antigo: oldPath(child(element, 'link'), site),
    tipo: child(element, 'wp:post_type') || 'post',
    titulo: child(element, 'title'),
    slug: decodeURIComponent(child(element, 'wp:post_name')),
    html: element.children.find((candidate) => candidate.name === 'content:encoded')?.text ?? '',
    resumo: child(element, 'excerpt:encoded'),
    data_publicacao: gmtDate(child(element, 'wp:post_date_gmt')) ?? rssDate(child(element, 'pubDate')),
    estado: child(element, 'wp:status'),
    autor_email: author?.email || null,
    autor_nome: author?.nome || login,
    temas: [...new Set(categories.map((category) => category.text.trim()).filter(Boolean))],
    imagem_destacada: meta.get('_thumbnail_id') || null,
    imagem_alt: meta.get('_wp_attachment_image_alt') ?? '',
    // WordPress keeps an attachment's caption as its excerpt.
    imagem_legenda: child(element, 'excerpt:encoded'),
    anexo_url: child(element, 'wp:attachment_url') || null,
    pasta: '',
  };
}

/**
 * Reads a WordPress export (WXR) as it streams: each item is kept as the small tree of its fields and
 * turned into a SourceItem when it closes, so the parser holds one item's tree at a time. Comments of
 * posts (wp:comment) are nested in the item and never mistaken for its fields.
 */
export async function parseWxr(chunks: Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<ParsedExport> {
  const authors = new Map<string, { email: string; nome: string }>();
  const items: SourceItem[] = [];
  let site = '';
  const stack: Element[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        stack.push({ name, attributes, text: '', children: [] });
      },
      ontext(text) {
        const current = stack.at(-1);
        if (current) current.text += text;
      },
      onclosetag() {
        const element = stack.pop();
        const parent = stack.at(-1);
        if (!element || !parent) return;
        if (parent.name === 'channel') {
          if (element.name === 'item') items.push(toItem(element, site, authors));
          else if (element.name === 'wp:author') authors.set(child(element, 'wp:author_login'), { email: child(element, 'wp:author_email').toLowerCase(), nome: child(element, 'wp:author_display_name') });
          else if (element.name === 'wp:base_blog_url' || (element.name === 'link' && !site)) site = element.text.trim();
          return;
        }
        // Fields are kept only below an item or an author; the channel's own children are read above.
        if (stack.some((ancestor) => ancestor.name === 'item' || ancestor.name === 'wp:author')) parent.children.push(element);
      },
    },
    { xmlMode: true, recognizeCDATA: true, decodeEntities: true },
  );
  // A character split between two chunks is joined before the parser sees it.
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  parser.end(decoder.end());
  return { origem: 'wordpress', fonte: site.replace(/\/+$/, '') || 'wordpress', items };
}

/** Whether a file looks like a WordPress export: its first bytes name the WXR namespace. */
export function looksLikeWxr(head: string): boolean {
  return /xmlns:wp="http:\/\/wordpress\.org\/export\//.test(head);
}
