import type { SiteConfig } from '../config.js';
import type { ArticleSummary } from '../db/repository.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { articlePath, PATHS } from '../routes/paths.js';

export interface SitemapEntry {
  path: string;
  /** ISO 8601; omitted when unknown rather than invented. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/**
 * The route table's indexable prerendered pages (`pages`), the news list (dated by its newest article)
 * and every article, dated by its last change.
 */
export function sitemapEntries(pages: string[], articles: ArticleSummary[]): SitemapEntry[] {
  const newest = articles.map((article) => article.data_atualizacao).sort().at(-1);
  return [
    ...pages.map((path) => ({ path })),
    { path: PATHS.news, ...(newest ? { lastmod: newest } : {}) },
    ...articles.map((article) => ({ path: articlePath(article), lastmod: article.data_atualizacao })),
  ];
}

export function sitemapXml(site: Pick<SiteConfig, 'siteUrl'>, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absoluteUrl(site, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
