import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewImageSet } from '../../src/images/image-set.js';
import { LIBRARY_PAGE_SIZE } from '../../src/lib/library-page-size.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';

const SITE_URL = 'https://www.prontivo.test';
const BEARER = `Bearer ${TEST_EDITOR_KEY}`;
const IMAGES = LIBRARY_PAGE_SIZE + 6;

/** A processed image as the pipeline stores it (bytes are not read here: the library lists, it does not decode). */
function imageSet(id_artigo: number, nome: string): NewImageSet {
  const base = nome.replace(/\.jpg$/, '');
  const encoded = (arquivo: string, width: number, height: number) => ({ arquivo, format: 'jpeg' as const, content_type: 'image/jpeg', width, height, bytes: Buffer.alloc(64, 1) });
  return {
    id_artigo,
    nome,
    master: { content_type: 'image/jpeg', bytes: Buffer.alloc(500, 9), width: 1600, height: 1200, hasAlpha: false, animated: false },
    variants: [encoded(`${base}.320w.aaaa1111aaaa.jpg`, 320, 240)],
    social: encoded(`${base}.social.cccc3333cccc.jpg`, 1200, 630),
  };
}

/** /editor/imagens and GET /api/imagens page the library: a page's cards carry their own forms, and uses need each article's text. */
describe('biblioteca de imagens em páginas', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    const agenda = await createArticle(t.repo, { titulo: 'Agenda sem faltas' });
    const receita = await createArticle(t.repo, { titulo: 'Receita digital no consultório' });
    // foto-01 is the oldest; foto-30 the newest, shown first.
    for (let n = 1; n <= IMAGES; n += 1) await t.repo.images.saveImageSet(imageSet(n % 2 === 0 ? agenda.id : receita.id, `foto-${String(n).padStart(2, '0')}.jpg`));
    const signedIn = await request(t.app).post('/editor/entrar').set('Origin', SITE_URL).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
    cookie = String(signedIn.headers['set-cookie']?.[0]).split(';')[0]!;
  });
  afterAll(() => t.close());

  const page = (query: string) => request(t.app).get(`/editor/imagens${query}`).set('Cookie', cookie).expect(200);
  const names = (html: string) => [...html.matchAll(/<h2 class="area-item-title">([^<]+)<\/h2>/g)].map((match) => match[1]);

  it('shows 24 images a page, newest first, with links between pages that keep the search', async () => {
    const first = await page('');
    expect(names(first.text)).toHaveLength(LIBRARY_PAGE_SIZE);
    expect(names(first.text)[0]).toBe('foto-30.jpg');
    expect(first.text).toContain(`Página 1 de 2 (${IMAGES} imagens)`);
    expect(first.text).toContain('href="/editor/imagens?pagina=2"');

    const second = await page('?pagina=2');
    expect(names(second.text)).toEqual(['foto-06.jpg', 'foto-05.jpg', 'foto-04.jpg', 'foto-03.jpg', 'foto-02.jpg', 'foto-01.jpg']);
    // Each card's forms post back to the page it is on.
    expect(second.text).toContain('action="/editor/imagens?pagina=2"');

    // 15 images belong to "Receita digital no consultório": one page, no links between pages.
    const found = await page('?q=receita');
    expect(names(found.text)).toHaveLength(IMAGES / 2);
    expect(found.text).not.toContain('pagina=2');

    expect((await page('?pagina=9')).text).toContain('Esta página não tem imagens.');
    expect(names((await page('?pagina=abc')).text)[0]).toBe('foto-30.jpg');
  });

  it('answers the API a page at a time, searching before paging', async () => {
    const list = async (query: string) => ((await request(t.app).get(`/api/imagens${query}`).set('Authorization', BEARER).expect(200)).body.value as { nome: string }[]).map((image) => image.nome);
    expect(await list('')).toHaveLength(LIBRARY_PAGE_SIZE);
    expect(await list('?pagina=2')).toHaveLength(IMAGES - LIBRARY_PAGE_SIZE);
    expect(await list('?q=agenda&pagina=1')).toEqual(Array.from({ length: IMAGES / 2 }, (_, at) => `foto-${String(IMAGES - 2 * at).padStart(2, '0')}.jpg`));
    await request(t.app).get('/api/imagens?pagina=0').set('Authorization', BEARER).expect(400);
  });
});
