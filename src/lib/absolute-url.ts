import type { SiteConfig } from '../config.js';

/** A path the URL parser leaves exactly as it is: one leading slash (// would name a host), no dot segment, nothing to escape. */
const PLAIN_PATH = /^(?!\/\/)(?:\/(?!\.\.?(?:[/?]|$))[\w\-.~]*)+(?:\?[\w\-.~=&]*)?$/;

/** SITE_URL is an origin (config), so a plain path is simply appended; anything else goes through URL. */
export function absoluteUrl(site: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  if (PLAIN_PATH.test(path)) return `${site.siteUrl}${path}`;
  return new URL(path, `${site.siteUrl}/`).toString();
}
