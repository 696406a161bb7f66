import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';

const SITE_URL = 'http://127.0.0.1:3998';
const ORIGIN = { Origin: SITE_URL };

async function signIn(t: TestApp): Promise<string> {
  const res = await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: TEST_EDITOR_KEY, volta: '/editor' }).expect(303);
  expect(res.headers.location).toBe('/editor');
  const cookie = String(res.headers['set-cookie']?.[0]);
  expect(cookie).toMatch(/^sessao_editor=[\w-]{43}; .*HttpOnly; SameSite=Strict/);
  return cookie.split(';')[0]!;
}

describe('editor area on the real app: sessions and repository', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, EDITOR_KEY_MAX_FAILURES: '4' } });
    cookie = await signIn(t);
  });
  afterAll(() => t.close());

  it('lists drafts and published articles for the signed-in editor, and searches them', async () => {
    await createArticle(t.repo, { titulo: 'Rascunho sobre telemedicina', titulo_url: 'rascunho-telemedicina', status: 'rascunho' });
    await createArticle(t.repo, { titulo: 'Publicado sobre LGPD', titulo_url: 'publicado-lgpd' });
    const res = await request(t.app).get('/editor').set('Cookie', cookie).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('Rascunho sobre telemedicina');
    expect(res.text).toContain('Publicado sobre LGPD');
    expect(res.text.indexOf('Publicado sobre LGPD')).toBeLessThan(res.text.indexOf('Rascunho sobre telemedicina'));
    const drafts = await request(t.app).get('/editor?status=rascunho').set('Cookie', cookie).expect(200);
    expect(drafts.text).toContain('Rascunho sobre telemedicina');
    expect(drafts.text).not.toContain('Publicado sobre LGPD');
    const search = await request(t.app).get('/editor?busca=lgpd').set('Cookie', cookie).expect(200);
    expect(search.text).toContain('1 artigo');
  });

  it('restores a version as a new one, recorded in the history with the editor and visible on the public page', async () => {
    const article = await createArticle(t.repo, { titulo: 'Título original', titulo_url: 'titulo-original' });
    const current = (await t.repo.articles.get(article.id))!;
    await t.repo.articles.update(article.id, {
      autor: 'Outra Pessoa',
      acao: 'editado',
      expectedVersion: current.versao,
      content: { titulo: 'Título trocado', titulo_url: 'titulo-trocado', descricao: current.descricao, keywords: current.keywords, conteudo: '<p>Novo</p>' },
    });
    const history = await request(t.app).get(`/editor/artigos/${article.id}/historico`).set('Cookie', cookie).expect(200);
    expect(history.text).toContain(' · Editado · Outra Pessoa');
    expect(history.text).toContain(`>Ver versão 1 ou restaurar</a>`);
    const version = await request(t.app).get(`/editor/artigos/${article.id}/historico/1`).set('Cookie', cookie).expect(200);
    expect(version.text).toContain('<h2>Título original</h2>');

    const stale = await request(t.app)
      .post(`/editor/artigos/${article.id}/historico/1/restaurar`)
      .set('Cookie', cookie)
      .set(ORIGIN)
      .type('form')
      .send({ versao: '1' })
      .expect(409);
    expect(stale.text).toContain('Este artigo foi alterado em outra aba ou por outra pessoa (agora está na versão 2).');
    expect(stale.text).toContain('<details class="area-restore" open="">');
    expect((await t.repo.articles.get(article.id))!.versao).toBe(2);

    const restored = await request(t.app)
      .post(`/editor/artigos/${article.id}/historico/1/restaurar`)
      .set('Cookie', cookie)
      .set(ORIGIN)
      .type('form')
      .send({ versao: '2' })
      .expect(303);
    expect(restored.headers.location).toBe(`/editor/artigos/${article.id}/historico?restaurada=3`);
    const after = (await t.repo.articles.get(article.id))!;
    expect(after).toMatchObject({ titulo: 'Título original', titulo_url: 'titulo-original', versao: 3, status: 'publicado' });
    expect((await t.repo.revisions.revisions(article.id))[0]).toMatchObject({ versao: 3, acao: 'restaurado', autor: TEST_EDITOR_AUTHOR });
    const page = await request(t.app).get(`/noticias/${article.id}`).expect(301);
    expect(page.headers.location).toMatch(/\/titulo-original$/);
  });

  it('shows /novo-artigo to a signed-in editor with the bar and the session for the form', async () => {
    const res = await request(t.app).get('/novo-artigo').set('Cookie', cookie).expect(200);
    expect(res.text).toContain(`data-autor="${TEST_EDITOR_AUTHOR}"`);
    expect(res.text).toContain('<form method="post" action="/editor/sair">');
    const stranger = await request(t.app).get('/novo-artigo').expect(200);
    expect(stranger.text).not.toContain('data-autor');
    expect(stranger.text).not.toContain('action="/editor/sair"');
    expect(stranger.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('counts refused keys on the form and on the API together', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: 'chave-errada-0000' }).expect(403);
      await request(t.app).post('/api/sessao').send({ key: 'chave-errada-0000' }).expect(403);
    }
    const page = await request(t.app).post('/editor/entrar').set(ORIGIN).type('form').send({ chave: TEST_EDITOR_KEY }).expect(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Muitas tentativas com chave inválida.');
    await request(t.app).post('/api/sessao').send({ key: TEST_EDITOR_KEY }).expect(429);
  });

  it('ends the session on "Sair": the cookie no longer opens any area page', async () => {
    const res = await request(t.app).post('/editor/sair').set('Cookie', cookie).set(ORIGIN).expect(303);
    expect(String(res.headers['set-cookie'])).toMatch(/sessao_editor=;/);
    await request(t.app).get('/editor').set('Cookie', cookie).expect(303);
    await request(t.app).get('/api/sessao').set('Cookie', cookie).expect(401);
  });
});
