import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { HOME_CACHE_KEY } from '../../src/routes/home.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const bearer = { Authorization: `Bearer ${TEST_EDITOR_KEY}` };
const cardTitles = (html: string) => [...html.matchAll(/<h3 class="news-card-title"><a href="[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]);

/** The home page's latest articles: the way to the news from a phone, whose menu has no link to them. */
describe('página inicial: últimas notícias', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
  });
  afterAll(() => t.close());

  it('leaves the section out while there is no public article', async () => {
    const home = await request(t.app).get('/').expect(200);
    expect(home.text).not.toContain('id="noticias"');
  });

  it('shows the three latest public articles as cards with "Ver todas as notícias", cached, and follows a publication at once', async () => {
    for (let day = 1; day <= 4; day += 1) {
      await createArticle(t.repo, { titulo: `Novidade ${day}`, titulo_url: `novidade-${day}`, data_publicacao: new Date(Date.UTC(2026, 0, day)).toISOString() });
    }
    const draft = await createArticle(t.repo, { titulo: 'Novidade em rascunho', titulo_url: 'novidade-rascunho', status: 'rascunho' });
    const home = await request(t.app).get('/').expect(200);
    expect(home.headers['cache-control']).toMatch(/^public, max-age=60/);
    expect(cardTitles(home.text)).toEqual(['Novidade 4', 'Novidade 3', 'Novidade 2']);
    expect(home.text).toContain('<a class="button button-secondary" href="/noticias">Ver todas as notícias</a>');
    expect(home.text).not.toMatch(/<script(?! type="application\/ld\+json")/);
    // The page is stored once its compressed copy is made, a moment after the answer.
    for (let attempt = 0; attempt < 100 && t.deps.pageCache.get(HOME_CACHE_KEY) === undefined; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.deps.pageCache.get(HOME_CACHE_KEY)).toBeDefined();
    expect(await validateHtml({ inicio: home.text })).toEqual({ inicio: [] });

    await request(t.app).post(`/api/artigos/${draft.id}/status`).set(bearer).send({ status: 'publicado' }).expect(200);
    expect(t.deps.pageCache.get(HOME_CACHE_KEY)).toBeUndefined();
    expect(cardTitles((await request(t.app).get('/').expect(200)).text)).toEqual(['Novidade em rascunho', 'Novidade 4', 'Novidade 3']);
  });
});
