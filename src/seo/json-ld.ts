import type { Organization, Thing, WebPage, WebSite } from 'schema-dts';
import type { SiteConfig } from '../config.js';
import { absoluteUrl } from '../lib/absolute-url.js';

type Node = Exclude<Thing, string>;

export const LOGO_PATH = '/logo-512.png';

export function organizationId(site: SiteConfig): string {
  return `${site.siteUrl}/#organizacao`;
}

export function websiteId(site: SiteConfig): string {
  return `${site.siteUrl}/#site`;
}

/**
 * privacyPath: the policy's page, where the encarregado's contact point leads; policyPath: the editorial
 * policy, its publishingPrinciples (the route table owns paths).
 */
export function organization(site: SiteConfig, privacyPath: string, policyPath: string): Exclude<Organization, string> {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.productName,
    publishingPrinciples: absoluteUrl(site, policyPath),
    legalName: site.companyName,
    taxID: site.cnpj,
    url: absoluteUrl(site, '/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(site, LOGO_PATH), width: '512', height: '512' },
    email: site.email,
    telephone: site.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.companyAddress.street,
      addressLocality: site.companyAddress.city,
      addressRegion: site.companyAddress.state,
      postalCode: site.companyAddress.postalCode,
      addressCountry: 'BR',
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        telephone: site.phone,
        email: site.email,
        availableLanguage: 'pt-BR',
        areaServed: 'BR',
      },
      // The encarregado of LGPD art. 41, whom data subjects write to about their rights.
      {
        '@type': 'ContactPoint',
        contactType: 'data protection officer',
        name: site.privacy.dpoName,
        email: site.privacy.dpoEmail,
        url: absoluteUrl(site, privacyPath),
        availableLanguage: 'pt-BR',
        areaServed: 'BR',
      },
    ],
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

function typeOf(node: Node): string {
  return String((node as { '@type': unknown })['@type']);
}

/**
 * One script per type: when two nodes share an @type, the first wins and the duplicate is dropped
 * (spec section 1), so a page can never contradict the site-wide Organization or WebSite.
 */
export function dedupeByType(nodes: Node[]): Node[] {
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const type = typeOf(node);
    if (seen.has(type)) return false;
    seen.add(type);
    return true;
  });
}

export interface JsonLdScript {
  type: string;
  /** The document with its @context, ready to go inside <script type="application/ld+json">. */
  json: string;
}

function script(node: Node): JsonLdScript {
  return { type: typeOf(node), json: serializeJsonLd({ '@context': 'https://schema.org', ...node }) };
}

/** The site-wide Organization and WebSite, the same on every page: serialised once per app (RenderMemo). */
export function siteWideJsonLd(site: SiteConfig, privacyPath: string, policyPath: string): JsonLdScript[] {
  return [organization(site, privacyPath, policyPath), website(site)].map(script);
}

/** The page's JSON-LD: the site-wide scripts first, then the page's own nodes, without a second node of any type already there. */
export function jsonLdScripts(siteWide: JsonLdScript[], pageNodes: Node[]): JsonLdScript[] {
  const taken = new Set(siteWide.map((entry) => entry.type));
  return [...siteWide, ...dedupeByType(pageNodes.filter((node) => !taken.has(typeOf(node)))).map(script)];
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPED: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON inside <script> must not be able to close the tag or open a comment. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (character) => ESCAPED[character]!);
}
