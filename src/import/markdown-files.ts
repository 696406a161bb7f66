import matter from 'gray-matter';
import { marked } from 'marked';
import type { SourceItem } from './source-item.js';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter(Boolean) : text(value) ? text(value).split(',').map((entry) => entry.trim()).filter(Boolean) : []);

function isoDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const date = new Date(text(value));
  return text(value) && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** An old address given in the front matter (url, permalink or the first alias), as a path without its trailing slash. */
function oldPath(data: Record<string, unknown>): string | null {
  const aliases = list(data.aliases);
  const given = text(data.url) || text(data.permalink) || aliases[0] || '';
  if (!given) return null;
  try {
    const path = decodeURI(new URL(given, 'https://site.invalid').pathname).replace(/\/+$/, '');
    return path || null;
  } catch {
    return null;
  }
}

/**
 * One Markdown file of the zip: its front matter (in Portuguese or as Hugo and Jekyll write it: title or
 * titulo, slug, date or data, author or autor as an e-mail, categories, tags or temas, description or
 * descricao, draft, image, imagem or cover for the main image) and its body rendered to HTML, which the rules then pass through the editor's
 * normaliser and the sanitiser like any paste.
 */
export function parseMarkdownFile(path: string, source: string): SourceItem {
  // Any options at all keep gray-matter from caching every file it parsed for the life of the process.
  const { data, content } = matter(source, {});
  const fields = data as Record<string, unknown>;
  const author = text(fields.author) || text(fields.autor);
  // Hugo themes write the cover as an address or as { image, alt, caption }.
  const cover = (typeof fields.cover === 'object' && fields.cover !== null ? fields.cover : { image: fields.cover }) as Record<string, unknown>;
  const name = path.split('/').at(-1)!.replace(/\.(?:md|markdown)$/i, '');
  return {
    id_origem: path,
    wp_id: null,
    caminho_antigo: oldPath(fields),
    tipo: 'markdown',
    titulo: text(fields.title) || text(fields.titulo),
    slug: text(fields.slug) || name.replace(/^\d{4}-\d{2}-\d{2}-/, ''),
    html: marked.parse(content, { async: false, gfm: true }),
    resumo: text(fields.description) || text(fields.descricao) || text(fields.summary),
    data_publicacao: isoDate(fields.date ?? fields.data),
    estado: fields.draft === true || text(fields.status) === 'rascunho' ? 'draft' : 'publish',
    autor_email: author.includes('@') ? author.toLowerCase() : null,
    autor_nome: author,
    temas: [...new Set([...list(fields.categories), ...list(fields.tags), ...list(fields.temas)])],
    imagem_destacada: text(fields.image) || text(fields.imagem) || text(cover.image) || null,
    imagem_alt: text(fields.image_alt) || text(fields.imagem_alt) || text(cover.alt),
    imagem_legenda: text(fields.image_caption) || text(fields.imagem_legenda) || text(cover.caption),
    anexo_url: null,
    pasta: path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '',
  };
}

export const isMarkdownPath = (path: string) => /\.(?:md|markdown)$/i.test(path) && !path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');
