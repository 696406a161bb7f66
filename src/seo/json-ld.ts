import type { Organization, Thing, WebPage, WebSite, WithContext } from 'schema-dts';
import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../routes.js';

type Node = Exclude<Thing, string>;

export const LOGO_PATH = '/logo-512.png';

export function organizationId(site: SiteConfig): string {
  return `${site.siteUrl}/#organizacao`;
}

export function websiteId(site: SiteConfig): string {
  return `${site.siteUrl}/#site`;
}

export function organization(site: SiteConfig): Exclude<Organization, string> {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.productName,
    legalName: site.companyName,
    taxID: site.cnpj,
    url: absoluteUrl(site, '/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(site, LOGO_PATH), width: '512', height: '512' },
    email: site.email,
    telephone: site.phone,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: site.phone,
      email: site.email,
      availableLanguage: 'pt-BR',
      areaServed: 'BR',
    },
    sameAs: [site.whatsappUrl],
  };
}

export function website(site: SiteConfig): Exclude<WebSite, string> {
  return {
    '@type': 'WebSite',
    '@id': websiteId(site),
    name: site.productName,
    url: absoluteUrl(site, '/'),
    inLanguage: 'pt-BR',
    publisher: { '@id': organizationId(site) },
  };
}

export function webPage(site: SiteConfig, page: { path: string; title: string; description: string }): Exclude<WebPage, string> {
  return {
    '@type': 'WebPage',
    '@id': `${absoluteUrl(site, page.path)}#pagina`,
    url: absoluteUrl(site, page.path),
    name: page.title,
    description: page.description,
    inLanguage: 'pt-BR',
    isPartOf: { '@id': websiteId(site) },
    publisher: { '@id': organizationId(site) },
  };
}

/**
 * One script per type: when two nodes share an @type, the first wins and the duplicate is dropped
 * (spec section 1), so a page can never contradict the site-wide Organization or WebSite.
 */
export function dedupeByType(nodes: Node[]): Node[] {
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const type = String((node as { '@type': unknown })['@type']);
    if (seen.has(type)) return false;
    seen.add(type);
    return true;
  });
}

export function jsonLdDocuments(site: SiteConfig, pageNodes: Node[]): WithContext<Node>[] {
  return dedupeByType([organization(site), website(site), ...pageNodes]).map(
    (node) => ({ '@context': 'https://schema.org', ...node }) as WithContext<Node>,
  );
}

/** JSON inside <script> must not be able to close the tag or open a comment. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
