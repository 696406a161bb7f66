import type { BreadcrumbList } from 'schema-dts';
import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../lib/absolute-url.js';

export interface Crumb {
  name: string;
  path: string;
}

/** The trail shown on the page and the BreadcrumbList given to search engines come from one list. */
export function breadcrumbList(site: SiteConfig, crumbs: Crumb[]): Exclude<BreadcrumbList, string> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}
