import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../lib/absolute-url.js';

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
 * and every article (its path and its last change).
 */
export function sitemapEntries(pages: string[], newsPath: string, articles: { path: string; lastmod: string }[]): SitemapEntry[] {
  const newest = articles.map((article) => article.lastmod).sort().at(-1);
  return [
    ...pages.map((path) => ({ path })),
    { path: newsPath, ...(newest ? { lastmod: newest } : {}) },
    ...articles.map(({ path, lastmod }) => ({ path, lastmod })),
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
