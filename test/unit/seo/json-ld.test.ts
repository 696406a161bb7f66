import type { Thing } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { dedupeByType, jsonLdScripts, organization, serializeJsonLd, siteWideJsonLd, webPage, website } from '../../../src/seo/json-ld.js';

const site = loadConfig({ EDITOR_KEYS: 'chave-de-teste-123', SITE_URL: 'https://www.prontivo.test' }).site;
type Node = Exclude<Thing, string>;

describe('JSON-LD', () => {
  it('describes the organisation with its tax id, logo and contacts', () => {
    const org = organization(site, '/privacidade', '/politica-editorial');
    expect(org).toMatchObject({
      '@type': 'Organization',
      '@id': 'https://www.prontivo.test/#organizacao',
      name: 'Prontivo',
      taxID: site.cnpj,
      url: 'https://www.prontivo.test/',
      email: site.email,
      publishingPrinciples: 'https://www.prontivo.test/politica-editorial',
    });
    expect(org.logo).toMatchObject({ url: 'https://www.prontivo.test/logo-512.png', width: '512', height: '512' });
  });

  it('gives the organisation its postal address and the encarregado as its data protection contact', () => {
    const configured = loadConfig({
      EDITOR_KEYS: 'chave-de-teste-123',
      SITE_URL: 'https://www.prontivo.test',
      COMPANY_ADDRESS: 'Rua da Bahia, 1148, 10º andar, Centro, Belo Horizonte - MG, 30160-011',
      DPO_NAME: 'Helena Prado',
      DPO_EMAIL: 'encarregado@prontivo.test',
    }).site;
    const org = organization(configured, '/privacidade', '/politica-editorial');
    expect(org).toMatchObject({
      email: configured.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rua da Bahia, 1148, 10º andar, Centro',
        addressLocality: 'Belo Horizonte',
        addressRegion: 'MG',
        postalCode: '30160-011',
        addressCountry: 'BR',
      },
    });
    expect(org.contactPoint).toEqual([
      expect.objectContaining({ '@type': 'ContactPoint', contactType: 'customer support', email: configured.email, telephone: configured.phone }),
      {
        '@type': 'ContactPoint',
        contactType: 'data protection officer',
        name: 'Helena Prado',
        email: 'encarregado@prontivo.test',
        url: 'https://www.prontivo.test/privacidade',
        availableLanguage: 'pt-BR',
        areaServed: 'BR',
      },
    ]);
  });

  it('links the website and each page to the organisation', () => {
    expect(website(site)).toMatchObject({ '@type': 'WebSite', inLanguage: 'pt-BR', publisher: { '@id': 'https://www.prontivo.test/#organizacao' } });
    const page = webPage(site, { path: '/prontivo', title: 'Sobre', description: 'História' });
    expect(page).toMatchObject({
      '@type': 'WebPage',
      url: 'https://www.prontivo.test/prontivo',
      isPartOf: { '@id': 'https://www.prontivo.test/#site' },
    });
  });

  it('keeps the first node of each type and drops later duplicates', () => {
    const nodes: Node[] = [
      { '@type': 'Organization', name: 'primeira' },
      { '@type': 'WebPage', name: 'página' },
      { '@type': 'Organization', name: 'duplicada' },
      { '@type': 'WebPage', name: 'outra página' },
    ];
    expect(dedupeByType(nodes)).toEqual([
      { '@type': 'Organization', name: 'primeira' },
      { '@type': 'WebPage', name: 'página' },
    ]);
  });

  it('emits Organization, WebSite and the page once each, even when a page repeats a site-wide type', () => {
    const scripts = jsonLdScripts(siteWideJsonLd(site, '/privacidade', '/politica-editorial'), [
      webPage(site, { path: '/', title: 'Início', description: 'd' }),
      { '@type': 'Organization', name: 'impostora' },
      { '@type': 'WebPage', name: 'outra página' },
    ]);
    expect(scripts.map((entry) => entry.type)).toEqual(['Organization', 'WebSite', 'WebPage']);
    const documents = scripts.map((entry) => JSON.parse(entry.json) as Record<string, unknown>);
    expect(documents.every((node) => node['@context'] === 'https://schema.org')).toBe(true);
    expect(documents[0]).toEqual({ '@context': 'https://schema.org', ...organization(site, '/privacidade', '/politica-editorial') });
    expect(documents[1]).toEqual({ '@context': 'https://schema.org', ...website(site) });
    expect(documents[2]).toMatchObject({ name: 'Início' });
    // Another configuration has its own site-wide nodes.
    const other = loadConfig({ EDITOR_KEYS: 'chave-de-teste-123', SITE_URL: 'https://outro.test', PRODUCT_NAME: 'Outro' }).site;
    expect(JSON.parse(jsonLdScripts(siteWideJsonLd(other, '/privacidade', '/politica-editorial'), [])[0]!.json)).toMatchObject({ name: 'Outro', url: 'https://outro.test/' });
  });

  it('serialises so that the script element cannot be closed from inside', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script> & <!--' });
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain('&');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & <!--' });
    // Line and paragraph separators end a line in older script parsers.
    const separators = serializeJsonLd({ name: 'a\u2028b\u2029c' });
    expect(separators).toBe('{"name":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(separators)).toEqual({ name: 'a\u2028b\u2029c' });
  });
});
