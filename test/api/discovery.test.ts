import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../src/routes/paths.js';
import { sitemapXml } from '../../src/seo/sitemap.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { readSitemap } from '../support/sitemap.js';

const SITE_URL = 'https://www.prontivo.test';

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  it('robots.txt keeps crawlers out of the editor and the API and names the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /novo-artigo');
    expect(lines).toContain('Disallow: /editor');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });

  it('the sitemap of an empty site lists the indexable pages and the news list', async () => {
    const sitemap = await readSitemap(t.app);
    expect(sitemap.files).toEqual(['/sitemap-paginas.xml']);
    expect(sitemap.urls.map((url) => url.loc)).toEqual([`${SITE_URL}/`, `${SITE_URL}/prontivo`, `${SITE_URL}/preco-prontuario-eletronico`, `${SITE_URL}/privacidade`, `${SITE_URL}/demonstracao`, `${SITE_URL}/politica-editorial`, `${SITE_URL}/noticias`]);
    await request(t.app).get('/sitemap-noticias-1.xml').expect(404);
  });

  it('adds every article at its canonical URL, dated by its last change', async () => {
    const first = await createArticle(t.repo, { titulo_url: 'lgpd-no-consultorio', data_publicacao: '2025-02-03T13:00:00.000Z' });
    const second = await createArticle(t.repo, { titulo_url: 'receita-digital', data_publicacao: '2025-06-20T13:00:00.000Z' });
    const sitemap = await readSitemap(t.app);
    expect(sitemap.files).toEqual(['/sitemap-paginas.xml', '/sitemap-noticias-1.xml']);
    const urls = sitemap.urls;
    const byLoc = new Map(urls.map((url) => [url.loc, url.lastmod]));
    expect(byLoc.get(`${SITE_URL}/noticias/${first.id}/2025/02/03/lgpd-no-consultorio`)).toBe(first.data_atualizacao);
    expect(byLoc.get(`${SITE_URL}/noticias/${second.id}/2025/06/20/receita-digital`)).toBe(second.data_atualizacao);
    expect(byLoc.get(`${SITE_URL}/noticias`)).toBe([first, second].map((a) => a.data_atualizacao).sort().at(-1));
    expect(urls).toHaveLength(9);
    expect(sitemap.text).not.toContain('nao-encontrado');
    expect(sitemap.text).not.toContain('novo-artigo');
    for (const part of ['0', '2', '01', 'x']) await request(t.app).get(`/sitemap-noticias-${part}.xml`).expect(404);
  });
});

describe('a sitemap of more than 50,000 articles', () => {
  let t: TestApp;
  const ARTICLES = 50_001;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    const start = Date.UTC(2020, 0, 1);
    for (let first = 0; first < ARTICLES; first += 5_000) {
      await t.repo.articles.importArticles(
        Array.from({ length: Math.min(5_000, ARTICLES - first) }, (_, i) => ({
          titulo: `Notícia ${first + i}`,
          titulo_url: `noticia-${first + i}`,
          descricao: 'Resumo.',
          keywords: 'prontuário',
          conteudo: '<p>Texto.</p>',
          autor: 'Redação',
          data_publicacao: new Date(start + (first + i) * 60_000).toISOString(),
        })),
      );
    }
  }, 120_000);
  afterAll(() => t.close());

  it('is an index of files of at most 50,000 URLs that together list every article once', async () => {
    const sitemap = await readSitemap(t.app);
    expect(sitemap.files).toEqual(['/sitemap-paginas.xml', '/sitemap-noticias-1.xml', '/sitemap-noticias-2.xml']);
    const articleUrls = sitemap.urls.filter((url) => url.loc.startsWith(`${SITE_URL}/noticias/`));
    expect(articleUrls).toHaveLength(ARTICLES);
    expect(new Set(articleUrls.map((url) => url.loc)).size).toBe(ARTICLES);
    const second = await request(t.app).get('/sitemap-noticias-2.xml').expect(200);
    expect(second.text.match(/<url>/g)).toHaveLength(1);
    // Newest first: the oldest article is the one left for the second file.
    expect(second.text).toContain('/noticia-0</loc>');
    await request(t.app).get('/sitemap-noticias-3.xml').expect(404);
  }, 60_000);

  it('writes each file, built step by step, with the same bytes as its articles listed in one go', async () => {
    const summaries = await t.repo.publicArticles.summaries({ offset: 0 }, ARTICLES);
    const entries = summaries.map((summary) => ({ path: articlePath(summary), lastmod: summary.data_atualizacao }));
    const site = { siteUrl: SITE_URL };
    expect((await request(t.app).get('/sitemap-noticias-1.xml').expect(200)).text).toBe(sitemapXml(site, entries.slice(0, 50_000)));
    expect((await request(t.app).get('/sitemap-noticias-2.xml').expect(200)).text).toBe(sitemapXml(site, entries.slice(50_000)));
  }, 60_000);

  it('is rebuilt when an article changes, and not before', async () => {
    const before = await request(t.app).get('/sitemap-noticias-1.xml').expect(200);
    expect((await request(t.app).get('/sitemap-noticias-1.xml').expect(200)).text).toBe(before.text);
    // The ETag is the file's, made while it was built: a crawler that has the file gets a 304.
    expect(before.headers.etag).toMatch(/^"[\w-]{27}"$/);
    await request(t.app).get('/sitemap-noticias-1.xml').set('If-None-Match', before.headers.etag!).expect(304);
    const added = await createArticle(t.repo, { titulo_url: 'a-mais-nova', data_publicacao: new Date().toISOString() });
    const after = await request(t.app).get('/sitemap-noticias-1.xml').expect(200);
    expect(after.text).toContain(`/${added.id}/`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await request(t.app).get('/sitemap-noticias-2.xml').expect(200)).text.match(/<url>/g)).toHaveLength(2);
  }, 60_000);
});
