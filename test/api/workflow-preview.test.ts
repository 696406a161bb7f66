import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articlePath } from '../../src/routes/paths.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';

describe('GET /editor/previa/:id', () => {
  let t: TestApp;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestApp();
    const res = await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(200);
    cookie = String(res.headers['set-cookie']).split(';')[0]!;
  });
  afterEach(() => t.close());

  it('renders the saved draft with the public renderer, a banner, noindex and no-store', async () => {
    const draft = await createArticle(t.repo, {
      titulo: 'Rascunho em revisão',
      conteudo: '<h2>Seção</h2><p>Texto ainda <strong>não publicado</strong>.</p>',
      status: 'rascunho',
    });
    const res = await request(t.app).get(`/editor/previa/${draft.id}`).set('Cookie', cookie).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.text).toContain('Prévia — não publicada');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(res.text).toContain('<h1>Rascunho em revisão</h1>');
    expect(res.text).toContain('<p>Texto ainda <strong>não publicado</strong>.</p>');
    expect(res.text).toContain(`href="/editor/artigos/${draft.id}"`);
    // The public URL of the same draft still says nothing.
    await request(t.app).get(articlePath(draft)).expect(404);
  });

  it('never says "Publicado em" for an article never published: "Ainda não publicado", or when it is scheduled', async () => {
    const draft = await createArticle(t.repo, { status: 'rascunho' });
    const res = await request(t.app).get(`/editor/previa/${draft.id}`).set('Cookie', cookie).expect(200);
    expect(res.text).toContain('<p class="article-dates">Ainda não publicado</p>');
    expect(res.text).not.toContain('Publicado em');
    const scheduled = await createArticle(t.repo, { status: 'agendado', publicar_em: '2030-03-01T13:30:00.000Z' });
    const later = await request(t.app).get(`/editor/previa/${scheduled.id}`).set('Cookie', cookie).expect(200);
    expect(later.text).toContain('Ainda não publicado: agendado para <time dateTime="2030-03-01T13:30:00.000Z">01/03/2030, 10:30</time>');
    expect(later.text).not.toContain('Publicado em');
    // Published once, then taken down: the date it was published is true.
    const live = await createArticle(t.repo, { data_publicacao: '2026-02-10T12:00:00.000Z' });
    await t.repo.articles.update(live.id, { autor: 'Editora', acao: 'despublicado', status: { status: 'despublicado', publicar_em: null } });
    const down = await request(t.app).get(`/editor/previa/${live.id}`).set('Cookie', cookie).expect(200);
    expect(down.text).toContain('Publicado em <time dateTime="2026-02-10T12:00:00.000Z">10 de fevereiro de 2026</time>');
  });

  it('shows the same article body as the public page', async () => {
    const live = await createArticle(t.repo, { conteudo: '<p style="text-align: center;">Centro</p><ul><li>um</li></ul>' });
    const [preview, page] = await Promise.all([
      request(t.app).get(`/editor/previa/${live.id}`).set('Cookie', cookie).expect(200),
      request(t.app).get(articlePath(live)).expect(200),
    ]);
    const body = (html: string) => /<div class="article-body">([\s\S]*?)<\/div>/.exec(html)?.[1];
    expect(body(preview.text)).toBeDefined();
    expect(body(preview.text)).toBe(body(page.text));
  });

  it('sends strangers to the sign-in page and answers 404 for unknown ids', async () => {
    const draft = await createArticle(t.repo, { status: 'rascunho' });
    const stranger = await request(t.app).get(`/editor/previa/${draft.id}`).expect(303);
    expect(stranger.headers.location).toBe(`/editor/entrar?volta=${encodeURIComponent(`/editor/previa/${draft.id}`)}`);
    expect(stranger.text).not.toContain(draft.titulo);
    await request(t.app).get('/editor/previa/999').set('Cookie', cookie).expect(404);
    await request(t.app).get('/editor/previa/abc').set('Cookie', cookie).expect(404);
  });

  it('is disallowed in robots.txt', async () => {
    expect((await request(t.app).get('/robots.txt').expect(200)).text).toMatch(/^Disallow: \/editor$/m);
  });
});
