import type { PageMeta } from '../seo/page-meta.js';

/** Area pages are never indexed and carry no page-level structured data. */
export function areaMeta(path: string, title: string, description: string): PageMeta {
  return { path, title, description, keywords: ['área do editor', 'artigos'], noindex: true, jsonLd: [] };
}
