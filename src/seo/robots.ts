import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../lib/absolute-url.js';

/**
 * The private pages (`disallowed`: the route table's prefixes of the editor and its area) and the API
 * are not for crawlers; everything else is.
 */
export function robotsTxt(site: Pick<SiteConfig, 'siteUrl'>, disallowed: string[], sitemapPath: string, apiBasePath = '/api'): string {
  const paths = new Set<string>([...disallowed, '/api/', `${apiBasePath}/`]);
  return ['User-agent: *', ...[...paths].map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${absoluteUrl(site, sitemapPath)}`, ''].join('\n');
}
