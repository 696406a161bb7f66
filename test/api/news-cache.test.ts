import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/db/repository.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { articleBody } from '../support/articles-api.js';
import { cachedResponse, fromPageCache } from '../support/page-cache.js';
import { storePhoto } from '../support/stored-photo.js';

type App = TestApp['app'];

/** A render is compressed quickly for its own request; its ETag says so (`"h-br-rapido"`). */
const RENDERED = /^"[\w-]{27}-br-rapido"$/;

/** Brotli, whose bytes tell a render from the cache; supertest decodes them, so .text is the page. */
const get = (app: App, path: string) => request(app).get(path).set('Accept-Encoding', 'br');

describe('the news page cache', () => {
  let t: TestApp;
  let article: Article;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    article = await createArticle(t.repo, { titulo: 'Primeira notícia', titulo_url: 'primeira-noticia' });
  });
  afterAll(() => t.close());

  it('renders the first request whole (length and ETag known), later ones from memory, smaller', async () => {
    await createArticle(t.repo, { titulo: 'Esvazia o cache' });
    const first = await get(t.app, '/noticias').expect(200);
    expect(first.headers.etag).toMatch(RENDERED);
    expect(first.headers['transfer-encoding']).toBeUndefined();
    expect(Number(first.headers['content-length'])).toBeGreaterThan(0);
    const cached = await cachedResponse(t.app, '/noticias');
    expect(cached.headers.etag!.slice(0, 28)).toBe(first.headers.etag!.slice(0, 28));
    expect(Number(cached.headers['content-length'])).toBeLessThan(Number(first.headers['content-length']));
    for (const res of [first, cached]) {
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(res.headers.vary).toContain('Accept-Encoding');
    }
    expect(cached.text).toBe(first.text);
    // Both ETags name the same content: either revalidates against the other.
    await get(t.app, '/noticias').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    await cachedResponse(t.app, '/noticias');
    const cached = await request(t.app).get('/noticias').set('Accept-Encoding', 'identity').expect(200);
    expect(cached.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const res = await request(t.app)
      .get('/noticias')
      .set('Accept-Encoding', 'identity')
      .set('If-None-Match', cached.headers.etag!)
      .expect(304);
    expect(res.text).toBe('');
    expect(res.headers.etag).toBe(cached.headers.etag);
    await request(t.app).get('/noticias').set('If-None-Match', '"outra-versao"').expect(200);
  });

  it('serves the precompressed brotli variant with its own ETag', async () => {
    await cachedResponse(t.app, '/noticias');
    const identity = await request(t.app).get('/noticias').set('Accept-Encoding', 'identity').expect(200);
    // supertest decodes brotli itself: the header and the smaller length show what travelled.
    const res = await request(t.app).get('/noticias').set('Accept-Encoding', 'br').expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(identity.text) / 2);
    expect(res.headers.etag).toBe(`${identity.headers.etag!.slice(0, -1)}-br"`);
    expect(res.text).toBe(identity.text);
    await request(t.app).get('/noticias').set('Accept-Encoding', 'br').set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('keeps redirecting wrong spellings of a cached article to its canonical URL', async () => {
    const canonical = `/noticias/${article.id}/${article.data_publicacao.slice(0, 4)}/`;
    const page = await request(t.app).get(`/noticias/${article.id}`).expect(301);
    expect(page.headers.location).toContain(canonical);
    await cachedResponse(t.app, page.headers.location!);
    await request(t.app).get(`/noticias/${article.id}/2000/01/01/outro`).expect(301).expect('Location', page.headers.location!);
  });

  it('is emptied when an article is created: the list shows it and the old ETag no longer matches', async () => {
    const before = await cachedResponse(t.app, '/noticias');
    await createArticle(t.repo, { titulo: 'Notícia fresquinha', data_publicacao: '2030-01-01T12:00:00.000Z' });
    const after = await request(t.app).get('/noticias').set('If-None-Match', before.headers.etag!).expect(200);
    expect(after.text).toContain('Notícia fresquinha');
    const recached = await cachedResponse(t.app, '/noticias');
    expect(recached.headers.etag).not.toBe(before.headers.etag);
  });

  it('stays cached while editors create and edit a draft, which no reader sees', async () => {
    const before = await cachedResponse(t.app, '/noticias');
    const created = await request(t.app)
      .post('/api/artigos/novo')
      .send(articleBody({ titulo: 'Rascunho em andamento', titulo_url: 'rascunho-em-andamento', status: 'rascunho' }))
      .expect(200);
    const draft = (await t.repo.articles.get(created.body.value as number))!;
    const { titulo_url, descricao, keywords } = draft;
    await t.repo.articles.update(draft.id, { autor: 'Editora', acao: 'editado', content: { titulo: 'Rascunho revisto', titulo_url, descricao, keywords, conteudo: '<p>Mais texto.</p>' } });
    const after = await get(t.app, '/noticias').expect(200);
    expect(fromPageCache(after.headers)).toBe(true);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.text).not.toContain('Rascunho');
  });

  it('is emptied when an image is uploaded', async () => {
    const path = (await request(t.app).get(`/noticias/${article.id}`).expect(301)).headers.location!;
    await cachedResponse(t.app, path);
    await t.repo.images.saveImage({ id_artigo: article.id, nome: 'nova.png', content_type: 'image/png', bytes: Buffer.from('png') });
    const res = await get(t.app, path).expect(200);
    expect(res.headers.etag).toMatch(RENDERED);
  });

  it('shows a main image processed after the page was cached, on the article and in the list', async () => {
    const late = await createArticle(t.repo, { titulo: 'Foto atrasada', imagem: { nome: 'atrasada.jpg', caption: 'Foto', width: 800, height: 600 } });
    const path = (await request(t.app).get(`/noticias/${late.id}`).expect(301)).headers.location!;
    expect((await cachedResponse(t.app, path)).text).not.toContain('<picture>');
    expect((await cachedResponse(t.app, '/noticias')).text).not.toContain('atrasada.320w');
    await storePhoto(t.repo, late.id, 'atrasada.jpg', 800, 600);
    expect((await request(t.app).get(path).expect(200)).text).toContain('<figure class="article-figure"><picture>');
    expect((await request(t.app).get('/noticias').expect(200)).text).toMatch(/atrasada\.320w\.[0-9a-f]{12}\.avif 320w/);
  });
});

describe('with the cache switched off (PAGE_CACHE_ENTRIES=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { PAGE_CACHE_ENTRIES: '0' } });
    await createArticle(t.repo);
  });
  afterAll(() => t.close());

  it('renders every request', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await get(t.app, '/noticias').expect(200);
      expect(res.headers.etag).toMatch(RENDERED);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const feed = await request(t.app).get('/noticias/feed.xml').expect(200);
    expect(feed.text).toContain('<rss version="2.0"');
  });
});
