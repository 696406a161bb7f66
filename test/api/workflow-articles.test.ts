import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { articlePath } from '../../src/routes/paths.js';
import { WORKFLOW_MESSAGES } from '../../src/workflow/messages.js';
import { createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';
import { readSitemap } from '../support/sitemap.js';

const BEARER = `Bearer ${TEST_EDITOR_KEY}`;
const GONE = 'Esta notícia foi retirada do ar.';

describe('fluxo editorial na API e no que o público vê', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}) =>
    (await request(t.app).post('/api/artigos/novo').send(articleBody(overrides)).expect(200)).body.value as number;
  const editorGet = (id: number) => request(t.app).get(`/api/artigos/${id}`).set('Authorization', BEARER);
  const stored = async (id: number) => (await t.repo.articles.get(id))!;
  const pathOf = async (id: number) => articlePath(await stored(id));

  /** Every public surface, as ids or text, for "shows only public articles". */
  async function publicSurfaces() {
    const latest = await request(t.app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 1, pageSize: 50 }).expect(200);
    const [list, sitemap, feed] = await Promise.all([
      request(t.app).get('/noticias').expect(200),
      readSitemap(t.app),
      request(t.app).get('/noticias/feed.xml').expect(200),
    ]);
    return {
      api: (latest.body.value as { id: number }[]).map((item) => item.id),
      total: latest.headers['x-total-count'],
      html: list.text,
      sitemap: sitemap.text,
      feed: feed.text,
    };
  }

  describe('POST /api/artigos/novo com estado', () => {
    it('keeps the spec flow: published by default', async () => {
      const id = await create();
      expect(await stored(id)).toMatchObject({ status: 'publicado', versao: 1 });
      await request(t.app).get(await pathOf(id)).expect(200);
    });

    it('stores a draft with only its title, hidden everywhere public with a plain 404', async () => {
      const res = await request(t.app)
        .post('/api/artigos/novo')
        .send({ key: TEST_EDITOR_KEY, titulo: 'Rascunho: só o título por enquanto', status: 'rascunho' })
        .expect(200);
      const id = res.body.value as number;
      expect(await stored(id)).toMatchObject({ status: 'rascunho', titulo_url: 'rascunho-so-o-titulo-por-enquanto', descricao: '', conteudo: '' });
      const page = await request(t.app).get(await pathOf(id)).expect(404);
      expect(page.text).toContain('Página não encontrada.');
      expect(page.text).not.toContain('Rascunho');
      expect(expectFailure(await request(t.app).get(`/api/artigos/${id}`), 404, 'artigos/id')).toEqual([MESSAGES.articleNotFound]);
      const surfaces = await publicSurfaces();
      expect(surfaces.api).toEqual([]);
      expect(surfaces.total).toBe('0');
      for (const text of [surfaces.html, surfaces.sitemap, surfaces.feed]) expect(text).not.toContain('Rascunho');
    });

    it('still validates what a draft has, and refuses dangerous HTML in it', async () => {
      const empty = await request(t.app).post('/api/artigos/novo').send({ key: TEST_EDITOR_KEY, titulo: '  ', status: 'rascunho' });
      expect(expectFailure(empty, 400, 'artigos/novo')).toEqual([MESSAGES.titleMissing]);
      const script = await request(t.app)
        .post('/api/artigos/novo')
        .send({ key: TEST_EDITOR_KEY, titulo: 'Ok', status: 'rascunho', conteudo: '<p>oi</p><script>alert(1)</script>' });
      expect(expectFailure(script, 400, 'artigos/novo')).toEqual([MESSAGES.contentDangerous]);
      const status = await request(t.app).post('/api/artigos/novo').send(articleBody({ status: 'agendado' }));
      expect(expectFailure(status, 400, 'artigos/novo')).toEqual([WORKFLOW_MESSAGES.saveStatusInvalid]);
      const when = await request(t.app).post('/api/artigos/novo').send(articleBody({ publicar_em: 'amanhã às 9h' }));
      expect(expectFailure(when, 400, 'artigos/novo')).toEqual([WORKFLOW_MESSAGES.publishAtInvalid]);
      expect(await t.repo.articles.count()).toBe(0);
    });

    it('schedules with publicar_em (stored in UTC): hidden until due, then public', async () => {
      const later = await create({ publicar_em: '2099-01-01T09:00:00-03:00' });
      expect(await stored(later)).toMatchObject({ status: 'agendado', publicar_em: '2099-01-01T12:00:00.000Z', data_publicacao: '2099-01-01T12:00:00.000Z' });
      await request(t.app).get(await pathOf(later)).expect(404);
      const due = await create({ publicar_em: new Date(Date.now() - 1_000).toISOString() });
      await request(t.app).get(await pathOf(due)).expect(200);
      expect((await publicSurfaces()).api).toEqual([due]);
    });
  });

  describe('GET /api/artigos/:id com credenciais', () => {
    it('shows any state with status, versao, publicar_em and the processed images; refuses a wrong key', async () => {
      const id = await create({ status: 'rascunho' });
      const res = await editorGet(id).expect(200);
      expect(res.body.value).toMatchObject({ id, status: 'rascunho', versao: 1, publicar_em: null, imagens: [], autor: TEST_EDITOR_AUTHOR });
      expect(res.body.value).toHaveProperty('data_atualizacao');
      expect(res.body.value).not.toHaveProperty('ja_publicado');
      const wrong = await request(t.app).get(`/api/artigos/${id}`).set('Authorization', 'Bearer chave-errada-123');
      expect(expectFailure(wrong, 403, 'artigos/id')).toEqual([MESSAGES.keyInvalid]);
    });
  });

  describe('PUT /api/artigos/:id', () => {
    it('saves at the version read and answers the next one; a stale version is a 409 that changes nothing', async () => {
      const id = await create();
      const first = await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, titulo: 'Título revisto' })).expect(200);
      expect(first.body).toMatchObject({ status: 1, command: 'artigos/id', value: { id, versao: 2 } });
      const before = await stored(id);
      const stale = await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, titulo: 'Da outra aba' }));
      expect(expectFailure(stale, 409, 'artigos/id')).toEqual([WORKFLOW_MESSAGES.versionConflict(2)]);
      expect(await stored(id)).toEqual(before);
      const revisions = await request(t.app).get(`/api/artigos/${id}/revisoes`).set('Authorization', BEARER).expect(200);
      expect(revisions.body.value.map((revision: { acao: string }) => revision.acao)).toEqual(['editado', 'criado']);
    });

    it('shows a published edit at once and moves data_atualizacao, keeping data_publicacao', async () => {
      const id = await create();
      const path = await pathOf(id);
      await request(t.app).get(path).expect(200);
      const before = await stored(id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await request(t.app).put(`/api/artigos/${id}`).set('Authorization', BEARER).send({ ...articleBody({ titulo: 'Título novo na página' }), key: undefined, versao: 1 }).expect(200);
      const page = await request(t.app).get(path).expect(200);
      expect(page.text).toContain('Título novo na página');
      const after = await stored(id);
      expect(after.data_publicacao).toBe(before.data_publicacao);
      expect(after.data_atualizacao > before.data_atualizacao).toBe(true);
      expect(page.text).toContain(`<meta property="article:modified_time" content="${after.data_atualizacao}"`);
    });

    it('keeps old links working when titulo_url changes (301 to the new URL)', async () => {
      const id = await create();
      const oldPath = await pathOf(id);
      await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, titulo_url: 'endereco-novo' })).expect(200);
      const moved = await request(t.app).get(oldPath).expect(301);
      expect(moved.headers.location).toBe(await pathOf(id));
      expect(moved.headers.location).toMatch(/\/endereco-novo$/);
      await request(t.app).get(String(moved.headers.location)).expect(200);
    });

    it('publishes a draft: it is dated then, and must be complete', async () => {
      const res = await request(t.app).post('/api/artigos/novo').send({ key: TEST_EDITOR_KEY, titulo: 'Quase pronto', status: 'rascunho' }).expect(200);
      const id = res.body.value as number;
      const incomplete = await request(t.app).put(`/api/artigos/${id}`).send({ key: TEST_EDITOR_KEY, titulo: 'Quase pronto', versao: 1, status: 'publicado' });
      expect(incomplete.status).toBe(400);
      const draft = await stored(id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, status: 'publicado' })).expect(200);
      const published = await stored(id);
      expect(published).toMatchObject({ status: 'publicado', versao: 2 });
      expect(published.data_publicacao > draft.data_publicacao).toBe(true);
      await request(t.app).get(await pathOf(id)).expect(200);
      const history = await request(t.app).get(`/api/artigos/${id}/revisoes`).set('Authorization', BEARER);
      expect(history.body.value.map((revision: { acao: string }) => revision.acao)).toEqual(['publicado', 'criado']);
    });

    it('refuses hostile input in an edit and changes nothing', async () => {
      const id = await create();
      const before = await stored(id);
      const script = await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, conteudo: '<p>oi</p><img src=x onerror=alert(1)>' }));
      expect(expectFailure(script, 400, 'artigos/id')).toEqual([MESSAGES.contentDangerous]);
      for (const versao of [0, -1, 1.5, '1', 2 ** 40]) {
        expectFailure(await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao })), 400, 'artigos/id');
      }
      const injected = await request(t.app)
        .post('/api/artigos/lista')
        .set('Authorization', BEARER)
        .send({ pageIndex: 1, pageSize: 10, busca: "' OR 1=1; DROP TABLE artigos; --" })
        .expect(200);
      expect(injected.body.value).toEqual({ items: [], total: 0 });
      expect(await stored(id)).toEqual(before);
    });

    it('needs credentials and a version', async () => {
      const id = await create();
      const { key: _key, ...anonymous } = articleBody({ versao: 1 });
      expect(expectFailure(await request(t.app).put(`/api/artigos/${id}`).send(anonymous), 403, 'artigos/id')).toEqual([MESSAGES.keyMissing]);
      expect(expectFailure(await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, key: 'chave-errada-123' })), 403, 'artigos/id')).toEqual([MESSAGES.keyInvalid]);
      expect(expectFailure(await request(t.app).put(`/api/artigos/${id}`).send(articleBody()), 400, 'artigos/id')).toEqual([WORKFLOW_MESSAGES.versaoMissing]);
      expectFailure(await request(t.app).put('/api/artigos/999').send(articleBody({ versao: 1 })), 404, 'artigos/id');
      expect((await stored(id)).versao).toBe(1);
    });
  });

  describe('POST /api/artigos/:id/status', () => {
    it('unpublishes: the URL answers 410 in Portuguese, and every public list forgets it', async () => {
      const id = await create({ titulo: 'Notícia que sai do ar' });
      const path = await pathOf(id);
      await request(t.app).get(path).expect(200);
      const res = await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'despublicado' }).expect(200);
      expect(res.body.value).toEqual({ id, status: 'despublicado', versao: 2 });
      const gone = await request(t.app).get(path).expect(410);
      expect(gone.text).toContain(GONE);
      expect(gone.text).not.toContain('Notícia que sai do ar');
      expect(gone.headers['x-robots-tag']).toBe('noindex');
      await request(t.app).get(`/noticias/${id}`).expect(410);
      expectFailure(await request(t.app).get(`/api/artigos/${id}`), 404, 'artigos/id');
      const surfaces = await publicSurfaces();
      expect(surfaces.api).toEqual([]);
      for (const text of [surfaces.html, surfaces.sitemap, surfaces.feed]) expect(text).not.toContain('Notícia que sai do ar');
      // Published again, it is back under the same URL.
      await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'publicado' }).expect(200);
      await request(t.app).get(path).expect(200);
    });

    it('schedules and asks for publicar_em; refuses unknown states and strangers', async () => {
      const id = await create();
      const missing = await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'agendado' });
      expect(expectFailure(missing, 400, 'artigos/id/status')).toEqual([WORKFLOW_MESSAGES.publishAtMissing]);
      const unknown = await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'arquivado' });
      expect(expectFailure(unknown, 400, 'artigos/id/status')).toEqual([WORKFLOW_MESSAGES.statusInvalid]);
      expectFailure(await request(t.app).post(`/api/artigos/${id}/status`).send({ status: 'despublicado' }), 403, 'artigos/id/status');
      const scheduled = await request(t.app)
        .post(`/api/artigos/${id}/status`)
        .set('Authorization', BEARER)
        .send({ status: 'agendado', publicar_em: '2099-06-01T08:00:00Z' })
        .expect(200);
      expect(scheduled.body.value).toEqual({ id, status: 'agendado', versao: 2, avisos: expect.any(Array) });
      // It was public before: its URL now says it was taken down.
      await request(t.app).get(await pathOf(id)).expect(410);
    });

    it('refuses a stale version when one is sent', async () => {
      const id = await create();
      await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1 })).expect(200);
      const stale = await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'despublicado', versao: 1 });
      expect(stale.status).toBe(409);
      expect((await stored(id)).status).toBe('publicado');
    });
  });

  describe('DELETE /api/artigos/:id', () => {
    it('removes the article and its images; its URL then answers 410, a draft id 404', async () => {
      const id = await create();
      const path = await pathOf(id);
      await t.repo.images.saveImage({ id_artigo: id, nome: 'capa.png', content_type: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
      expectFailure(await request(t.app).delete(`/api/artigos/${id}`), 403, 'artigos/id');
      const res = await request(t.app).delete(`/api/artigos/${id}`).set('Authorization', BEARER).expect(200);
      expect(res.body.value).toEqual({ id });
      expect((await request(t.app).get(path).expect(410)).text).toContain(GONE);
      await request(t.app).get(`/assets/artigos/${id}/capa.png`).expect(404);
      expectFailure(await request(t.app).delete(`/api/artigos/${id}`).set('Authorization', BEARER), 404, 'artigos/id');
      const draft = await create({ status: 'rascunho' });
      const draftPath = await pathOf(draft);
      await request(t.app).delete(`/api/artigos/${draft}`).send({ key: TEST_EDITOR_KEY }).expect(200);
      await request(t.app).get(draftPath).expect(404);
    });
  });

  describe('POST /api/artigos/lista', () => {
    it('lists every state for an editor, newest change first, with filters; strangers get 403', async () => {
      const published = await create({ titulo: 'Receita digital' });
      const draft = await create({ titulo: 'Rascunho sobre agenda', status: 'rascunho' });
      const res = await request(t.app).post('/api/artigos/lista').set('Authorization', BEARER).send({ pageIndex: 1, pageSize: 10 }).expect(200);
      expect(res.body.value.total).toBe(2);
      expect(res.body.value.items.map((item: { id: number }) => item.id)).toEqual([draft, published]);
      expect(res.body.value.items[0]).toEqual({
        id: draft,
        titulo: 'Rascunho sobre agenda',
        titulo_url: expect.any(String),
        status: 'rascunho',
        autor: TEST_EDITOR_AUTHOR,
        data_atualizacao: expect.any(String),
        publicar_em: null,
        versao: 1,
        clinico: false,
        aguardando_revisao: false,
      });
      const filtered = await request(t.app).post('/api/artigos/lista').send({ key: TEST_EDITOR_KEY, pageIndex: 1, pageSize: 10, status: 'publicado', busca: 'receita' });
      expect(filtered.body.value.items.map((item: { id: number }) => item.id)).toEqual([published]);
      // What an editor is still typing finds the words it begins, in any state.
      const typing = await request(t.app).post('/api/artigos/lista').send({ key: TEST_EDITOR_KEY, pageIndex: 1, pageSize: 10, busca: 'Rascu' });
      expect(typing.body.value).toEqual({ total: 1, items: [expect.objectContaining({ id: draft })] });
      expectFailure(await request(t.app).post('/api/artigos/lista').send({ pageIndex: 1, pageSize: 10 }), 403, 'artigos/lista');
      expectFailure(await request(t.app).post('/api/artigos/lista').set('Authorization', BEARER).send({ pageIndex: 0 }), 400, 'artigos/lista');
    });
  });

  describe('revisões', () => {
    it('lists, shows and restores a version as a new one, keeping the state', async () => {
      const id = await create({ titulo: 'Primeira versão', conteudo: '<p>Texto original.</p>' });
      await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, titulo: 'Segunda versão', conteudo: '<p>Texto novo.</p>' })).expect(200);
      const list = await request(t.app).get(`/api/artigos/${id}/revisoes`).set('Authorization', BEARER).expect(200);
      expect(list.body.value).toEqual([
        { versao: 2, autor: TEST_EDITOR_AUTHOR, id_pessoa: null, data: expect.any(String), acao: 'editado', titulo: 'Segunda versão' },
        { versao: 1, autor: TEST_EDITOR_AUTHOR, id_pessoa: null, data: expect.any(String), acao: 'criado', titulo: 'Primeira versão' },
      ]);
      const old = await request(t.app).get(`/api/artigos/${id}/revisoes/1`).set('Authorization', BEARER).expect(200);
      expect(old.body.value).toMatchObject({ id, versao: 1, acao: 'criado', titulo: 'Primeira versão', conteudo: '<p>Texto original.</p>', status: 'publicado' });
      const restored = await request(t.app).post(`/api/artigos/${id}/revisoes/1/restaurar`).set('Authorization', BEARER).send({ versao: 2 }).expect(200);
      expect(restored.body.value).toEqual({ id, versao: 3 });
      expect(await stored(id)).toMatchObject({ titulo: 'Primeira versão', conteudo: '<p>Texto original.</p>', status: 'publicado', versao: 3 });
      const page = await request(t.app).get(await pathOf(id)).expect(200);
      expect(page.text).toContain('Texto original.');
      const history = await request(t.app).get(`/api/artigos/${id}/revisoes`).set('Authorization', BEARER);
      expect(history.body.value[0]).toMatchObject({ versao: 3, acao: 'restaurado' });
    });

    it("records each version's topics, and restoring a version gives its topics back, on the article and its pages", async () => {
      const id = await create({ titulo: 'Com temas', temas: ['Agenda', 'LGPD'] });
      await request(t.app).put(`/api/artigos/${id}`).send(articleBody({ versao: 1, titulo: 'Com temas', temas: ['Telemedicina'] })).expect(200);
      const topicsOf = async () => (await editorGet(id).expect(200)).body.value.temas as string[];
      expect(await topicsOf()).toEqual(['Telemedicina']);
      const old = await request(t.app).get(`/api/artigos/${id}/revisoes/1`).set('Authorization', BEARER).expect(200);
      expect(old.body.value.temas).toEqual(['Agenda', 'LGPD']);
      await request(t.app).post(`/api/artigos/${id}/revisoes/1/restaurar`).set('Authorization', BEARER).send({ versao: 2 }).expect(200);
      expect(await topicsOf()).toEqual(['Agenda', 'LGPD']);
      expect((await request(t.app).get(`/api/artigos/${id}/revisoes/3`).set('Authorization', BEARER).expect(200)).body.value.temas).toEqual(['Agenda', 'LGPD']);
      await request(t.app).get('/noticias/temas/agenda').expect(200);
      await request(t.app).get('/noticias/temas/telemedicina').expect(404);

      // A version without topics restored on a public article: the article keeps one at least, its own.
      const bare = await create({ titulo: 'Sem temas' });
      await request(t.app).put(`/api/artigos/${bare}`).send(articleBody({ versao: 1, titulo: 'Agora com tema', temas: ['Nutrição'] })).expect(200);
      await request(t.app).post(`/api/artigos/${bare}/revisoes/1/restaurar`).set('Authorization', BEARER).send({ versao: 2 }).expect(200);
      expect((await t.repo.articles.get(bare))!.titulo).toBe('Sem temas');
      expect((await t.repo.topics.ofArticles([bare])).get(bare)!.map((topic) => topic.nome)).toEqual(['Nutrição']);
    });

    it('answers 404 for unknown versions or articles, 400 for a malformed version, 403 for strangers', async () => {
      const id = await create();
      expectFailure(await request(t.app).get(`/api/artigos/${id}/revisoes`), 403, 'artigos/id/revisoes');
      expectFailure(await request(t.app).get(`/api/artigos/${id}/revisoes/1`), 403, 'artigos/id/revisoes/versao');
      expect(expectFailure(await request(t.app).get(`/api/artigos/${id}/revisoes/9`).set('Authorization', BEARER), 404, 'artigos/id/revisoes/versao')).toEqual([WORKFLOW_MESSAGES.revisionNotFound]);
      expectFailure(await request(t.app).get(`/api/artigos/${id}/revisoes/abc`).set('Authorization', BEARER), 400, 'artigos/id/revisoes/versao');
      expectFailure(await request(t.app).get('/api/artigos/999/revisoes').set('Authorization', BEARER), 404, 'artigos/id/revisoes');
      expectFailure(await request(t.app).post(`/api/artigos/${id}/revisoes/1/restaurar`), 403, 'artigos/id/revisoes/versao/restaurar');
      expectFailure(await request(t.app).post(`/api/artigos/${id}/revisoes/7/restaurar`).set('Authorization', BEARER), 404, 'artigos/id/revisoes/versao/restaurar');
      expect((await stored(id)).versao).toBe(1);
    });
  });
});
