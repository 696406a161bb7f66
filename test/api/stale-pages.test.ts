import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredArticle } from '../../src/db/repository.js';
import { articlePath } from '../../src/routes/paths.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { cachedResponse } from '../support/page-cache.js';

/**
 * A page that changed is rendered again on its next request; when that fails because the database is
 * away, the copy the instance last rendered answers instead of a 503, with a Cache-Control that lets no
 * CDN keep it past the outage. Before issue 29 a change deleted the page, so a publication just before
 * an outage turned the news list into a 503 for its whole length.
 */
describe('a changed page while the database is away', () => {
  let t: TestApp;
  let first: StoredArticle;
  let unseen: StoredArticle;
  const sitemaps = ['/sitemap.xml', '/sitemap-paginas.xml', '/sitemap-noticias-1.xml'];
  let builtSitemaps: request.Response[] = [];
  const warnings: { msg: string; key?: string; path?: string }[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        warnings.push(JSON.parse(chunk.toString()) as { msg: string; key?: string; path?: string });
        callback();
      },
    });
    t = await createTestApp({ assets: DEV_ASSETS, logger: pino({ level: 'warn' }, sink) });
    first = await createArticle(t.repo, { titulo: 'Primeira antes da queda' });
    unseen = await createArticle(t.repo, { titulo: 'Nunca aberta nesta instância' });
  });
  afterAll(() => t.close());

  it('is served from its stale copy, never as fresh, and only a page never rendered answers 503', async () => {
    const list = await cachedResponse(t.app, '/noticias');
    const article = await cachedResponse(t.app, articlePath(first));
    await cachedResponse(t.app, '/noticias/feed.xml');
    builtSitemaps = await Promise.all(sitemaps.map((path) => request(t.app).get(path).expect(200)));
    expect(list.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');

    // A publication changes the list and the feed: while the database answers they are rendered again.
    await createArticle(t.repo, { titulo: 'Publicada antes da queda', data_publicacao: '2030-01-01T12:00:00.000Z' });
    const fresh = await request(t.app).get('/noticias').expect(200);
    expect(fresh.text).toContain('Publicada antes da queda');
    expect((await cachedResponse(t.app, '/noticias')).text).toBe(fresh.text);
    await createArticle(t.repo, { titulo: 'Publicada logo antes da queda', data_publicacao: '2030-01-02T12:00:00.000Z' });

    await t.repo.close();
    warnings.length = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const stale = await request(t.app).get('/noticias').set('Accept-Encoding', 'br').expect(200);
      expect(stale.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(stale.text.includes('Publicada antes da queda'), 'a cópia da última montagem').toBe(true);
      expect(stale.text.includes('Publicada logo antes da queda')).toBe(false);
      const feed = await request(t.app).get('/noticias/feed.xml').expect(200);
      expect(feed.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      // Unchanged, it is still a fresh copy: the cache answers without the database.
      const same = await request(t.app).get(articlePath(first)).set('Accept-Encoding', 'br').expect(200);
      expect([same.headers.etag, same.headers['cache-control']]).toEqual([article.headers.etag, 'public, max-age=60, stale-while-revalidate=600']);
    }
    // The stale copy revalidates like the page it was.
    const again = await request(t.app).get('/noticias').set('Accept-Encoding', 'identity').expect(200);
    await request(t.app).get('/noticias').set('If-None-Match', again.headers.etag!).expect(304);

    await request(t.app).get(articlePath(unseen)).expect(503).expect('Retry-After', '30');
    const told = warnings.filter((line) => /cópia vencida/.test(line.msg) && line.key).map((line) => line.key);
    expect(told.sort()).toEqual(['feed', 'lista:1']);
  });

  it('serves each sitemap file from its last built copy, and answers 503 only for one never built', async () => {
    warnings.length = 0;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      for (const [index, path] of sitemaps.entries()) {
        const stale = await request(t.app).get(path).expect(200);
        expect(stale.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
        expect([stale.headers.etag, stale.text]).toEqual([builtSitemaps[index]!.headers.etag, builtSitemaps[index]!.text]);
      }
    }
    await request(t.app).get('/sitemap-noticias-2.xml').expect(503);
    const told = warnings.filter((line) => /sitemap servido da cópia vencida/.test(line.msg)).map((line) => line.path);
    expect(told.sort()).toEqual([...sitemaps].sort());
  });
});
