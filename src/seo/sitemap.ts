import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../lib/absolute-url.js';

/** The protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const URLS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  path: string;
  /** ISO 8601; omitted when unknown rather than invented. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

function element(tag: 'url' | 'sitemap', site: Pick<SiteConfig, 'siteUrl'>, entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
  return `  <${tag}><loc>${escapeXml(absoluteUrl(site, entry.path))}</loc>${lastmod}</${tag}>`;
}

/** The route table's indexable prerendered pages (`pages`), and the news list dated by the last change of an article. */
export function pageEntries(pages: string[], newsPath: string, lastChange: string | null): SitemapEntry[] {
  return [...pages.map((path) => ({ path })), { path: newsPath, ...(lastChange ? { lastmod: lastChange } : {}) }];
}

/** The `<url>` lines of some entries; a file is `urlsetOpening`, its lines, and `urlsetClosing`. */
export function urlLines(site: Pick<SiteConfig, 'siteUrl'>, entries: SitemapEntry[]): string {
  return entries.map((entry) => `${element('url', site, entry)}\n`).join('');
}

export const urlsetOpening = `${XML_DECLARATION}\n<urlset xmlns="${NAMESPACE}">\n`;
export const urlsetClosing = '</urlset>\n';

export function sitemapXml(site: Pick<SiteConfig, 'siteUrl'>, entries: SitemapEntry[]): string {
  return urlsetOpening + urlLines(site, entries) + urlsetClosing;
}

export function sitemapIndexXml(site: Pick<SiteConfig, 'siteUrl'>, files: SitemapEntry[]): string {
  return [XML_DECLARATION, `<sitemapindex xmlns="${NAMESPACE}">`, ...files.map((file) => element('sitemap', site, file)), '</sitemapindex>', ''].join('\n');
}
