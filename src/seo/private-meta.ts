import type { PageMeta } from './page-meta.js';

/** The editor's pages are never indexed and carry no page-level structured data. */
export function privateMeta(path: string, title: string, description: string): PageMeta {
  return { path, title, description, keywords: ['área do editor', 'artigos'], noindex: true, jsonLd: [] };
}
