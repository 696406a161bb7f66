import type { SiteConfig } from '../config.js';
import { AREA_PATHS } from '../editor-area/paths.js';
import { absoluteUrl, PATHS } from '../routes.js';

/** The editor, its area (/editor and below) and the API are not for crawlers; everything else is. */
export function robotsTxt(site: Pick<SiteConfig, 'siteUrl'>, apiBasePath = '/api'): string {
  const disallowed = new Set<string>([PATHS.newArticle, AREA_PATHS.home, '/api/', `${apiBasePath}/`]);
  return [
    'User-agent: *',
    ...[...disallowed].map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(site, PATHS.sitemap)}`,
    '',
  ].join('\n');
}
