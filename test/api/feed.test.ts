import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/db/repository.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { child, childrenNamed, parseXml } from '../support/parse-xml.js';
import { readSitemap } from '../support/sitemap.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { storePhoto } from '../support/stored-photo.js';

const SITE_URL = 'https://www.prontivo.test';

describe('discovery: RSS feed, sitemap and robots.txt', () => {
  let t: TestApp;
  const articles: Article[] = [];

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    for (let day = 1; day <= 22; day += 1) {
      const article = await createArticle(t.repo, {
        titulo: `Novidade ${day} & cia`,
        titulo_url: `novidade-${day}`,
        descricao: `Resumo ${day}`,
        data_publicacao: `2026-02-${String(day).padStart(2, '0')}T12:00:00.000Z`,
        imagem: { nome: `capa-${day}.jpg`, caption: `Capa ${day}`, width: 480, height: 320 },
      });
      await storePhoto(t.repo, article.id, `capa-${day}.jpg`, 480, 320);
      // Storing an image moves data_atualizacao.
      articles.push((await t.repo.articles.get(article.id))!);
    }
  });
  afterAll(() => t.close());

  it('serves RSS 2.0 with the twenty newest articles, newest first', async () => {
    const res = await request(t.app).get('/noticias/feed.xml').expect(200).expect('Content-Type', 'application/rss+xml; charset=utf-8');
    const rss = parseXml(res.text);
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    const channel = child(rss, 'channel')!;
    expect(child(channel, 'title')!.text).toBe('Notícias | Prontivo');
    expect(child(channel, 'link')!.text).toBe(`${SITE_URL}/noticias`);
    expect(child(channel, 'description')!.text).not.toBe('');
    const items = childrenNamed(channel, 'item');
    expect(items).toHaveLength(20);
    expect(child(items[0]!, 'title')!.text).toBe('Novidade 22 & cia');
    expect(child(items[19]!, 'title')!.text).toBe('Novidade 3 & cia');
    for (const item of items) {
      for (const name of ['title', 'link', 'guid', 'pubDate', 'description']) expect(child(item, name)?.text).toBeTruthy();
      expect(child(item, 'link')!.text).toMatch(new RegExp(`^${SITE_URL}/noticias/\\d+/2026/02/\\d\\d/novidade-\\d+$`));
      expect(child(item, 'guid')!.text).toBe(child(item, 'link')!.text);
      expect(child(item, 'media:content')!.attributes).toMatchObject({
        url: expect.stringMatching(new RegExp(`^${SITE_URL}/assets/artigos/\\d+/capa-\\d+\\.social\\.[0-9a-f]{12}\\.jpg$`)),
        type: 'image/jpeg',
        width: '1200',
        height: '630',
      });
    }
    expect(child(items[0]!, 'pubDate')!.text).toBe('Sun, 22 Feb 2026 12:00:00 GMT');
  });

  it('answers a matching If-None-Match on the feed with 304', async () => {
    const first = await request(t.app).get('/noticias/feed.xml').expect(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    await request(t.app).get('/noticias/feed.xml').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('lists every article in the sitemap with its last change', async () => {
    const entries = (await readSitemap(t.app)).urls;
    expect(entries.map((entry) => entry.loc)).toEqual(expect.arrayContaining([`${SITE_URL}/`, `${SITE_URL}/noticias`]));
    for (const article of articles) {
      const entry = entries.find((candidate) => candidate.loc.startsWith(`${SITE_URL}/noticias/${article.id}/`));
      expect(entry).toEqual({ loc: `${SITE_URL}/noticias/${article.id}/2026/02/${article.data_publicacao.slice(8, 10)}/${article.titulo_url}`, lastmod: article.data_atualizacao });
    }
  });

  it('points robots.txt to the sitemap and keeps crawlers out of the editor and the API', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(res.text).toContain('Disallow: /novo-artigo');
    expect(res.text).toContain('Disallow: /api/');
  });

  it('shows a new article in the feed at once', async () => {
    await request(t.app).get('/noticias/feed.xml').expect(200);
    await createArticle(t.repo, { titulo: 'Recém-publicada', data_publicacao: '2026-03-10T12:00:00.000Z' });
    const res = await request(t.app).get('/noticias/feed.xml').expect(200);
    const items = childrenNamed(child(parseXml(res.text), 'channel')!, 'item');
    expect(child(items[0]!, 'title')!.text).toBe('Recém-publicada');
    expect(items).toHaveLength(20);
  });
});
