import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';
import { publicArticle } from '../../src/workflow/public-article.js';

describe('reading articles', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
  });
  afterEach(() => t.close());

  describe('GET /api/artigos/next-id', () => {
    it('previews the id the next article will get', async () => {
      const first = await request(t.app).get('/api/artigos/next-id');
      expect(first.body).toEqual({ status: 1, messages: [], command: 'artigos/next-id', value: 1, fcrj: true });
      await createArticle(t.repo);
      await createArticle(t.repo);
      expect((await request(t.app).get('/api/artigos/next-id')).body.value).toBe(3);
    });
  });

  describe('GET /api/artigos/:id', () => {
    it('answers the article with every field of spec section 3, the main image\'s alternative text (migration 14) and its credits (migration 16)', async () => {
      const article = await createArticle(t.repo, {
        imagem: { nome: 'capa.png', caption: 'Capa do artigo', width: 600, height: 545 },
      });
      const response = await request(t.app).get(`/api/artigos/${article.id}`);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      // An article written with an editor key is signed by the key's label, without a profile.
      const credits = { autores: [{ nome: article.autor, url: null, credencial: null }], revisao_medica: null, referencias: [] };
      expect(response.body).toEqual({ status: 1, messages: [], command: 'artigos/id', value: { ...publicArticle(article), temas: [], ...credits }, fcrj: true });
      expect(Object.keys(response.body.value).sort()).toEqual(
        [
          'autor',
          'autores',
          'revisao_medica',
          'referencias',
          'conteudo',
          'data_atualizacao',
          'data_publicacao',
          'descricao',
          'id',
          'imagem_caption',
          'imagem_alt',
          'imagem_height',
          'imagem_nome',
          'imagem_width',
          'keywords',
          'temas',
          'titulo',
          'titulo_url',
        ].sort(),
      );
    });

    it('answers 404 with an envelope for an unknown article', async () => {
      const response = await request(t.app).get('/api/artigos/4242');
      expect(expectFailure(response, 404, 'artigos/id')).toEqual(['Artigo não encontrado.']);
    });

    it.each(['abc', '0', '-1', '1.5', '007', '1e3', '99999999999', '2147483648'])('answers 400 for the id %s', async (id) => {
      const response = await request(t.app).get(`/api/artigos/${id}`);
      expect(expectFailure(response, 400, 'artigos/id')).toEqual([MESSAGES.idInvalid]);
    });
  });

  describe('POST /api/artigos/ultimas-noticias', () => {
    async function fill() {
      const dates = ['2025-01-10', '2025-03-05', '2025-02-20', '2025-03-05'];
      const ids: number[] = [];
      for (const date of dates) ids.push((await createArticle(t.repo, { data_publicacao: `${date}T12:00:00.000Z` })).id);
      return ids;
    }

    it('lists newest first (date, then id) and pages from 1', async () => {
      const [jan, mar1, feb, mar2] = await fill();
      const first = await request(t.app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 1, pageSize: 3 });
      expect(first.status).toBe(200);
      expect(first.body.command).toBe('artigos/ultimas-noticias');
      expect(first.body.value.map((a: { id: number }) => a.id)).toEqual([mar2, mar1, feb]);
      expect(first.headers['x-total-count']).toBe('4');
      const second = await request(t.app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 2, pageSize: 3 });
      expect(second.body.value.map((a: { id: number }) => a.id)).toEqual([jan]);
      const beyond = await request(t.app).post('/api/artigos/ultimas-noticias').send({ pageIndex: 9, pageSize: 3 });
      expect(beyond.body.value).toEqual([]);
    });

    it('defaults to the news page of spec section 9: page 1, 12 items', async () => {
      for (let i = 0; i < 13; i += 1) await createArticle(t.repo);
      const response = await request(t.app).post('/api/artigos/ultimas-noticias').send({});
      expect(response.body.value).toHaveLength(12);
      const bodyless = await request(t.app).post('/api/artigos/ultimas-noticias');
      expect(bodyless.status).toBe(200);
      expect(bodyless.body.value).toHaveLength(12);
    });

    it.each([
      [{ pageIndex: 0, pageSize: 12 }, [MESSAGES.pageIndexInvalid]],
      [{ pageIndex: 1.5, pageSize: 12 }, [MESSAGES.pageIndexInvalid]],
      [{ pageIndex: '1', pageSize: 12 }, [MESSAGES.pageIndexInvalid]],
      [{ pageIndex: 1, pageSize: 0 }, ['O tamanho da página (pageSize) deve ser um número inteiro de 1 a 50.']],
      [{ pageIndex: 1, pageSize: 51 }, [MESSAGES.pageSizeInvalid]],
      [{ pageIndex: -1, pageSize: 100 }, [MESSAGES.pageIndexInvalid, MESSAGES.pageSizeInvalid]],
    ])('answers 400 for %j', async (body, messages) => {
      const response = await request(t.app).post('/api/artigos/ultimas-noticias').send(body);
      expect(expectFailure(response, 400, 'artigos/ultimas-noticias')).toEqual(messages);
    });

    it('answers 400 for malformed JSON', async () => {
      const response = await request(t.app)
        .post('/api/artigos/ultimas-noticias')
        .set('Content-Type', 'application/json')
        .send('{pageIndex: 1}');
      expect(expectFailure(response, 400, 'artigos/ultimas-noticias')).toEqual([MESSAGES.jsonMalformed]);
    });
  });

  describe('unknown addresses and methods', () => {
    it('answers 404 with an envelope under the API', async () => {
      const response = await request(t.app).get('/api/artigos/1/comentarios');
      expect(expectFailure(response, 404, 'artigos/1/comentarios')).toEqual(['Endereço da API não encontrado.']);
    });

    it.each([
      ['get', '/api/artigos/novo', 'POST'],
      ['get', '/api/artigos/ultimas-noticias', 'POST'],
      ['put', '/api/artigos/next-id', 'GET'],
      ['patch', '/api/artigos/1', 'GET, PUT, DELETE'],
      ['get', '/api/artigos/1/status', 'POST'],
    ] as const)('answers 405 to %s %s', async (method, path, allowed) => {
      const response = await request(t.app)[method](path);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe(allowed);
      expect(response.body.messages).toEqual([`Método ${method.toUpperCase()} não permitido neste endereço; use ${allowed}.`]);
    });
  });
});
