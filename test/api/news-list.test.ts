import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { storePhoto } from '../support/stored-photo.js';
import { countMatches, executableScripts, jsonLdNodes, jsonLdOfType, linkHref } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';
const CARD = /<article class="news-card(?: news-card-text-only)?">/g;

describe('GET /noticias on an empty site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  it('shows a friendly empty state with 200', async () => {
    const res = await request(t.app).get('/noticias').expect(200);
    expect(res.text).toContain('Ainda não há notícias publicadas');
    expect(countMatches(res.text, CARD)).toBe(0);
    expect(linkHref(res.text, 'next')).toBeUndefined();
  });

  it('answers page 2 with 404', async () => {
    const res = await request(t.app).get('/noticias?pagina=2').expect(404);
    expect(res.text).toContain('Página não encontrada.');
  });
});

describe('GET /noticias with 25 articles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    for (let day = 1; day <= 25; day += 1) {
      // Days 24 and 23: an article without image, and one whose upload never arrived.
      const article = await createArticle(t.repo, {
        titulo: `Notícia do dia ${day}`,
        titulo_url: `noticia-do-dia-${day}`,
        descricao: `Resumo do dia ${day}.`,
        keywords: `tema ${day}, outro`,
        data_publicacao: `2026-01-${String(day).padStart(2, '0')}T15:00:00.000Z`,
        imagem: day === 24 ? undefined : { nome: `capa-${day}.jpg`, caption: `Capa ${day}`, width: 900, height: 600 },
      });
      if (day !== 24 && day !== 23) await storePhoto(t.repo, article.id, `capa-${day}.jpg`, 900, 600);
    }
  });
  afterAll(() => t.close());

  it('lists the twelve newest first as cards with image, title, description and "Leia mais..."', async () => {
    const res = await request(t.app).get('/noticias').expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    expect(countMatches(res.text, CARD)).toBe(12);
    const first = res.text.indexOf('Notícia do dia 25');
    expect(first).toBeGreaterThan(-1);
    expect(first).toBeLessThan(res.text.indexOf('Notícia do dia 24'));
    expect(res.text).not.toContain('Notícia do dia 13<');
    expect(res.text).toContain('Resumo do dia 25.');
    expect(res.text).toMatch(
      /<picture><source type="image\/avif" srcSet="\/assets\/artigos\/\d+\/capa-25\.320w\.[0-9a-f]{12}\.avif 320w, \/assets\/artigos\/\d+\/capa-25\.640w\.[0-9a-f]{12}\.avif 640w" sizes="\(min-width: 1120px\) 334px, /,
    );
    // Cards never offer the 900 px files.
    expect(res.text).not.toMatch(/\.900w\./);
    expect(res.text).toMatch(/<img class="news-card-image" src="[^"]+capa-25\.640w\.[0-9a-f]{12}\.jpg" srcSet="[^"]+" sizes="[^"]+" width="900" height="600" alt="" loading="eager" fetchpriority="high"\/>/);
    expect(res.text).toMatch(/capa-14\.640w\.[0-9a-f]{12}\.jpg" [^>]*loading="lazy" decoding="async"\/>/);
    expect(countMatches(res.text, /<article class="news-card news-card-text-only"><div class="news-card-topic" aria-hidden="true"><span>tema 2[34]<\/span>/g)).toBe(2);
    expect(res.text).not.toContain('capa-23');
    expect(res.text).toMatch(/<a class="news-card-more" href="\/noticias\/\d+\/2026\/01\/25\/noticia-do-dia-25">Leia mais\.\.\./);
  });

  it('reads the images of a whole page in one query', async () => {
    const calls: number[][] = [];
    const imageSets = t.repo.images.imageSets.bind(t.repo.images);
    t.repo.images.imageSets = async (ids) => {
      calls.push(ids);
      return imageSets(ids);
    };
    try {
      await request(t.app).get('/noticias?pagina=2').expect(200);
      await request(t.app).get('/noticias?pagina=3').expect(200);
    } finally {
      t.repo.images.imageSets = imageSets;
    }
    expect(calls.map((ids) => ids.length)).toEqual([12, 1]);
  });

  it('links forward only from the first page, in the head and in the page', async () => {
    const res = await request(t.app).get('/noticias').expect(200);
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE_URL}/noticias`);
    expect(linkHref(res.text, 'prev')).toBeUndefined();
    expect(linkHref(res.text, 'next')).toBe(`${SITE_URL}/noticias?pagina=2`);
    expect(res.text).toContain('<a class="button button-secondary news-pagination-next" href="/noticias?pagina=2" rel="next">');
    expect(res.text).not.toContain('rel="prev"');
  });

  it('links both ways from a middle page', async () => {
    const res = await request(t.app).get('/noticias?pagina=2').expect(200);
    expect(countMatches(res.text, CARD)).toBe(12);
    expect(res.text).toContain('Notícia do dia 13');
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE_URL}/noticias?pagina=2`);
    expect(linkHref(res.text, 'prev')).toBe(`${SITE_URL}/noticias`);
    expect(linkHref(res.text, 'next')).toBe(`${SITE_URL}/noticias?pagina=3`);
    expect(res.text).toContain('<a class="button button-secondary news-pagination-prev" href="/noticias" rel="prev">');
    expect(res.text).toContain('Página 2 de 3');
  });

  it('shows the remainder on the last page with only a backward link', async () => {
    const res = await request(t.app).get('/noticias?pagina=3').expect(200);
    expect(countMatches(res.text, CARD)).toBe(1);
    expect(res.text).toContain('Notícia do dia 1<');
    expect(linkHref(res.text, 'next')).toBeUndefined();
    expect(linkHref(res.text, 'prev')).toBe(`${SITE_URL}/noticias?pagina=2`);
  });

  it('answers a page past the end with the not-found page', async () => {
    const res = await request(t.app).get('/noticias?pagina=4').expect(404);
    expect(res.text).toContain('Página não encontrada.');
    await request(t.app).get('/noticias?pagina=99999999999999999999').expect(404);
  });

  it.each([
    ['/noticias?pagina=1', '/noticias'],
    ['/noticias?pagina=0', '/noticias'],
    ['/noticias?pagina=abc', '/noticias'],
    ['/noticias?pagina=02', '/noticias?pagina=2'],
    ['/noticias?pagina=2&pagina=3', '/noticias?pagina=2'],
    ['/noticias/', '/noticias'],
    ['/NOTICIAS?pagina=3', '/noticias?pagina=3'],
  ])('redirects %s to %s with 301', async (from, to) => {
    await request(t.app).get(from).expect(301).expect('Location', to);
  });

  it('ignores unrelated query parameters', async () => {
    const res = await request(t.app).get('/noticias?utm_source=boletim').expect(200);
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE_URL}/noticias`);
  });

  it('has no script other than structured data, and one script per JSON-LD type', async () => {
    const res = await request(t.app).get('/noticias').expect(200);
    expect(executableScripts(res.text)).toEqual([]);
    const types = jsonLdNodes(res.text).map((node) => node['@type']);
    expect(types.sort()).toEqual(['BreadcrumbList', 'CollectionPage', 'Organization', 'WebSite']);
    const collection = jsonLdOfType(res.text, 'CollectionPage') as { mainEntity: { itemListElement: unknown[] } };
    expect(collection.mainEntity.itemListElement).toHaveLength(12);
  });

  it('announces the RSS feed', async () => {
    const res = await request(t.app).get('/noticias').expect(200);
    expect(res.text).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Notícias | Prontivo" href="${SITE_URL}/noticias/feed.xml"/>`,
    );
  });

  it('sends the configured Cache-Control', async () => {
    await request(t.app).get('/noticias').expect('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
  });
});
