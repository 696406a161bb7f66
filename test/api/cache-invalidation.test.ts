import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredArticle } from '../../src/db/repository.js';
import { FEED_CACHE_KEY } from '../../src/http/feed-handler.js';
import { articleCacheKey } from '../../src/routes/article.js';
import { listCacheKey } from '../../src/routes/news-list.js';
import { articlePath } from '../../src/routes/paths.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { storePhoto } from '../support/stored-photo.js';

/**
 * A change drops from the page cache the pages that show what changed, and only those: before issue 21
 * any write emptied the whole cache, and every reader re-rendered what they were reading. Since issue 19
 * an article page also shows "Leia também", chosen among the other public articles: a change of a
 * suggested article's title, description or state drops it too, a change of its text does not, and a
 * new publication reaches it with the cache's safety-net minute.
 */
describe('the page cache after a change', () => {
  let t: TestApp;
  let a: StoredArticle;
  let b: StoredArticle;

  const keys = () => ({ a: articleCacheKey(a.id), b: articleCacheKey(b.id), list: listCacheKey(1), feed: FEED_CACHE_KEY });
  const pathOf = async (article: StoredArticle) => articlePath((await t.repo.articles.get(article.id))!);

  /** Which of the pages are in the cache. */
  function cached(): Record<keyof ReturnType<typeof keys>, boolean> {
    const entries = Object.entries(keys()).map(([name, key]) => [name, t.deps.pageCache.get(key) !== undefined]);
    return Object.fromEntries(entries) as Record<keyof ReturnType<typeof keys>, boolean>;
  }

  /** Reads every page and waits until each is stored. */
  async function warm(): Promise<void> {
    const paths = [await pathOf(a), await pathOf(b), '/noticias', '/noticias/feed.xml'];
    for (const path of paths) await request(t.app).get(path).expect(200);
    for (let attempt = 0; attempt < 100 && Object.values(cached()).includes(false); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cached()).toEqual({ a: true, b: true, list: true, feed: true });
  }

  const content = (article: StoredArticle, change: Partial<StoredArticle>) => {
    const next = { ...article, ...change };
    return { titulo: next.titulo, titulo_url: next.titulo_url, descricao: next.descricao, keywords: next.keywords, conteudo: next.conteudo, imagem: null };
  };

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    a = await createArticle(t.repo, { titulo: 'Artigo A', data_publicacao: '2026-01-01T12:00:00.000Z' });
    b = await createArticle(t.repo, { titulo: 'Artigo B', data_publicacao: '2026-01-02T12:00:00.000Z' });
  });
  afterAll(() => t.close());

  it('drops only the article page when only its text changes', async () => {
    await warm();
    await t.repo.articles.update(a.id, { autor: 'Editora', acao: 'editado', content: content(a, { conteudo: '<p>Texto novo de A.</p>' }) });
    expect(cached()).toEqual({ a: false, b: true, list: true, feed: true });
    expect((await request(t.app).get(await pathOf(a)).expect(200)).text).toContain('Texto novo de A.');
  });

  it('drops the article and the lists that show its title, not the other article', async () => {
    await warm();
    await t.repo.articles.update(a.id, { autor: 'Editora', acao: 'editado', content: content(a, { titulo: 'Artigo A revisto', conteudo: '<p>Texto novo de A.</p>' }) });
    // B's "Leia também" shows A's title.
    expect(cached()).toEqual({ a: false, b: false, list: false, feed: false });
    expect((await request(t.app).get(await pathOf(b)).expect(200)).text).toContain('Artigo A revisto');
    expect((await request(t.app).get('/noticias').expect(200)).text).toContain('Artigo A revisto');
  });

  it('drops the lists and the article when it leaves the public, not the other article', async () => {
    await warm();
    await t.repo.articles.update(b.id, { autor: 'Editora', acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
    expect(cached()).toMatchObject({ a: false, list: false, feed: false });
    expect((await request(t.app).get(await pathOf(a)).expect(200)).text).not.toContain('Artigo B');
    expect((await request(t.app).get('/noticias').expect(200)).text).not.toContain('Artigo B');
    await t.repo.articles.update(b.id, { autor: 'Editora', acao: 'publicado', status: { status: 'publicado', publicar_em: null } });
    expect((await request(t.app).get('/noticias').expect(200)).text).toContain('Artigo B');
  });

  it('drops the article and the lists showing it when an image is stored for it', async () => {
    await warm();
    await storePhoto(t.repo, a.id, 'capa.jpg', 640, 480);
    expect(cached()).toEqual({ a: false, b: false, list: false, feed: false });
  });

  it('drops the lists when an article is created or a scheduled one comes out, not the articles', async () => {
    await warm();
    // A new article reaches the other pages' "Leia também" with the cache's safety-net minute.
    await createArticle(t.repo, { titulo: 'Artigo C' });
    expect(cached()).toEqual({ a: true, b: true, list: false, feed: false });
    await warm();
    const { imagem: _none, ...fields } = content(a, { titulo: 'Agendado D', titulo_url: 'agendado-d' });
    const due = await t.repo.articles.create({ ...fields, autor: 'Editora', status: 'agendado', publicar_em: '2026-01-03T12:00:00.000Z' });
    expect(cached()).toEqual({ a: true, b: true, list: false, feed: false });
    await warm();
    expect(await t.repo.scheduling.publishDue(new Date().toISOString())).toEqual([due]);
    expect(cached()).toEqual({ a: true, b: true, list: false, feed: false });
  });

  it('drops the article and the lists when it is removed', async () => {
    await warm();
    await t.repo.articles.remove(a.id);
    expect(cached()).toMatchObject({ a: false, b: false, list: false, feed: false });
    await request(t.app).get(`/noticias/${a.id}`).expect(410);
  });
});
