import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { articlePath } from '../../../src/routes/paths.js';
import { createRouteTable } from '../../../src/routes/table.js';
import { robotsTxt } from '../../../src/seo/robots.js';
import { pageEntries, sitemapIndexXml, sitemapXml, type SitemapEntry } from '../../../src/seo/sitemap.js';
import { childrenNamed, parseXml } from '../../support/parse-xml.js';

const site = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://www.prontivo.test', PRODUCT_SLUG: 'prontivo' }).site;
const table = createRouteTable(site);
const { indexable } = table;

describe('robots.txt', () => {
  it('keeps crawlers out of the editor and the API and points to the sitemap', () => {
    expect(robotsTxt(site, table.privatePrefixes, '/sitemap.xml')).toBe(
      ['User-agent: *', 'Disallow: /novo-artigo', 'Disallow: /editor', 'Disallow: /previa', 'Disallow: /boletim/inscricao', 'Disallow: /boletim/confirmar', 'Disallow: /boletim/cancelar', 'Disallow: /boletim/preferencias', 'Disallow: /api/', 'Allow: /', '', 'Sitemap: https://www.prontivo.test/sitemap.xml', ''].join('\n'),
    );
  });

  it('also disallows a custom API base path', () => {
    expect(robotsTxt(site, table.privatePrefixes, '/sitemap.xml', '/servicos/api')).toContain('Disallow: /servicos/api/\n');
  });
});

describe('sitemap', () => {
  const articles = [
    { id: 2, titulo_url: 'receita-digital', data_publicacao: '2025-05-10T12:00:00.000Z', data_atualizacao: '2025-05-12T09:00:00.000Z' },
    { id: 1, titulo_url: 'lgpd & consultorio', data_publicacao: '2025-04-01T12:00:00.000Z', data_atualizacao: '2025-04-01T12:00:00.000Z' },
  ];

  const entries: SitemapEntry[] = [
    ...pageEntries(indexable, '/noticias', '2025-05-12T09:00:00.000Z'),
    ...articles.map((article) => ({ path: articlePath(article), lastmod: article.data_atualizacao })),
  ];

  it('lists the indexable pages and the news list, dated by the last change of an article', () => {
    expect(pageEntries(indexable, '/noticias', '2025-05-12T09:00:00.000Z')).toEqual([
      { path: '/' },
      { path: '/prontivo' },
      { path: '/preco-prontuario-eletronico' },
      { path: '/privacidade' },
      { path: '/demonstracao' },
      { path: '/politica-editorial' },
      { path: '/noticias', lastmod: '2025-05-12T09:00:00.000Z' },
    ]);
  });

  it('gives the news list no date when there are no articles', () => {
    expect(pageEntries(indexable, '/noticias', null).at(-1)).toEqual({ path: '/noticias' });
  });

  it('writes the index of the sitemap files with absolute URLs', () => {
    const root = parseXml(sitemapIndexXml(site, [{ path: '/sitemap-paginas.xml', lastmod: '2025-05-12T09:00:00.000Z' }, { path: '/sitemap-noticias-1.xml' }]));
    expect(root.name).toBe('sitemapindex');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(childrenNamed(root, 'sitemap').map((file) => childrenNamed(file, 'loc')[0]?.text)).toEqual([
      'https://www.prontivo.test/sitemap-paginas.xml',
      'https://www.prontivo.test/sitemap-noticias-1.xml',
    ]);
  });

  it('writes well-formed XML with absolute, escaped URLs', () => {
    const root = parseXml(sitemapXml(site, entries));
    expect(root.name).toBe('urlset');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = childrenNamed(root, 'url');
    expect(urls.map((url) => childrenNamed(url, 'loc')[0]?.text)).toEqual([
      'https://www.prontivo.test/',
      'https://www.prontivo.test/prontivo',
      'https://www.prontivo.test/preco-prontuario-eletronico',
      'https://www.prontivo.test/privacidade',
      'https://www.prontivo.test/demonstracao',
      'https://www.prontivo.test/politica-editorial',
      'https://www.prontivo.test/noticias',
      'https://www.prontivo.test/noticias/2/2025/05/10/receita-digital',
      'https://www.prontivo.test/noticias/1/2025/04/01/lgpd%20&%20consultorio',
    ]);
    expect(childrenNamed(urls[0]!, 'lastmod')).toHaveLength(0);
    expect(childrenNamed(urls[6]!, 'lastmod')[0]?.text).toBe('2025-05-12T09:00:00.000Z');
  });
});
