import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';

const BEARER = `Bearer ${TEST_EDITOR_KEY}`;
const RESULT = /<article class="search-result">/g;
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const search = (t: TestApp, q: string, extra = '') => request(t.app).get(`/noticias/busca?q=${encodeURIComponent(q)}${extra}`);
const apiSearch = (t: TestApp, body: Record<string, unknown>) => request(t.app).post('/api/artigos/busca').send(body);

describe('GET /noticias/busca and POST /api/artigos/busca', () => {
  let t: TestApp;
  let receita: number;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    receita = (
      await createArticle(t.repo, {
        titulo: 'Receita digital: como emitir',
        descricao: 'Assinatura eletrônica no consultório.',
        conteudo: '<p>A receita digital vale em todo o país. Os <strong>prontuários</strong> guardam cada receita emitida.</p>',
        data_publicacao: '2026-02-01T12:00:00.000Z',
      })
    ).id;
    for (let day = 1; day <= 14; day += 1) {
      await createArticle(t.repo, {
        titulo: `Agenda do consultório, parte ${day}`,
        descricao: 'Lembretes para pacientes.',
        conteudo: `<p>Dia ${day} da série sobre agendas.</p>`,
        data_publicacao: `2026-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
      });
    }
    await createArticle(t.repo, { titulo: 'Receita de rascunho', conteudo: '<p>Receitas em preparo.</p>', status: 'rascunho' });
  });
  afterAll(() => t.close());

  it('finds accents and case as typed or not, with the matched words marked in the snippet', async () => {
    for (const q of ['prontuario', 'PRONTUÁRIOS', 'Prontuário']) {
      const res = await search(t, q).expect(200);
      expect(count(res.text, RESULT), q).toBe(1);
      expect(res.text).toContain('Receita digital: como emitir');
      expect(res.text).toContain('<mark>prontuários</mark>');
    }
  });

  it('finds plurals and inflections, titles first, with the total, 12 per page', async () => {
    const receitas = await search(t, 'receitas').expect(200);
    expect(count(receitas.text, RESULT)).toBe(1);
    expect(receitas.text).toContain('1 resultado para “receitas”');
    expect(receitas.text).toContain('<mark>receita</mark>');
    const consultorios = await search(t, 'consultorios').expect(200);
    expect(count(consultorios.text, RESULT)).toBe(12);
    expect(consultorios.text).toContain('15 resultados para “consultorios”, página 1 de 2');
    // The 14 titles first (newest first), then the article with the word only in its description.
    expect(consultorios.text.indexOf('parte 14<')).toBeLessThan(consultorios.text.indexOf('parte 13<'));
    const second = await search(t, 'consultorios', '&pagina=2').expect(200);
    expect(count(second.text, RESULT)).toBe(3);
    expect(second.text.indexOf('parte 1<')).toBeLessThan(second.text.indexOf('Receita digital'));
    expect(second.text).toContain('href="/noticias/busca?q=consultorios"');
  });

  it('keeps every answer to a query out of search engines, links followed, and sends no script', async () => {
    for (const q of ['receita', '%$#@!', 'receita '.repeat(250)]) {
      const res = await search(t, q).expect(200);
      expect(res.text).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(res.text).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    }
  });

  it('lets search engines index the search page itself, before any query', async () => {
    const res = await request(t.app).get('/noticias/busca').expect(200);
    expect(res.text).toContain('<meta name="robots" content="index, follow, max-image-preview:large"/>');
    expect(res.text).toContain(`<link rel="canonical" href="${t.config.site.siteUrl}/noticias/busca"/>`);
  });

  it('escapes HTML in the query and in the snippet', async () => {
    const res = await search(t, '<script>alert(1)</script> receita').expect(200);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; receita');
    const api = await apiSearch(t, { q: '<b>receita</b>' }).expect(200);
    expect(api.body.value.total).toBe(0);
  });

  it('answers an empty, symbols-only, 2,000-character query or a page past the end with a friendly page', async () => {
    expect((await request(t.app).get('/noticias/busca').expect(200)).text).toContain('Digite uma ou mais palavras');
    expect((await search(t, '   ').expect(200)).text).toContain('Digite uma ou mais palavras');
    expect((await search(t, '%$#@!').expect(200)).text).toContain('Não encontramos palavras para buscar');
    const long = await search(t, 'receita '.repeat(250)).expect(200);
    expect(long.text).toContain('A busca pode ter até 200 caracteres');
    const past = await search(t, 'receita', '&pagina=99').expect(200);
    expect(past.text).toContain('Esta página passou do fim dos resultados');
    expect((await search(t, 'receita', '&pagina=abc').expect(200)).text).toContain('1 resultado');
  });

  it('answers the API with the total and the items, snippets escaped with <mark>', async () => {
    const res = await apiSearch(t, { q: 'Prontuários', pageIndex: 1, pageSize: 5 }).expect(200);
    expect(res.body.value).toEqual({
      total: 1,
      itens: [
        {
          id: receita,
          titulo: 'Receita digital: como emitir',
          titulo_url: expect.any(String),
          descricao: 'Assinatura eletrônica no consultório.',
          autor: expect.any(String),
          data_publicacao: '2026-02-01T12:00:00.000Z',
          trecho: expect.stringContaining('Os <mark>prontuários</mark> guardam'),
        },
      ],
    });
    expect((await apiSearch(t, { q: 'agenda', pageIndex: 9, pageSize: 5 }).expect(200)).body.value).toEqual({ total: 14, itens: [] });
    expect((await apiSearch(t, { q: '?!' }).expect(200)).body.value).toEqual({ total: 0, itens: [] });
    expect(expectFailure(await apiSearch(t, { q: 'a'.repeat(2_000) }), 400, 'artigos/busca')).toEqual([MESSAGES.queryInvalid]);
    expect(expectFailure(await apiSearch(t, { q: 42 }), 400, 'artigos/busca')).toEqual([MESSAGES.queryInvalid]);
    await request(t.app).get('/api/artigos/busca').expect(405);
  });

  it('never finds drafts; unpublished and deleted articles disappear at once', async () => {
    expect((await search(t, 'rascunho').expect(200)).text).toContain('Nenhum resultado para “rascunho”');
    const id = (await createArticle(t.repo, { titulo: 'Dermatologia na atenção primária', conteudo: '<p>Texto.</p>' })).id;
    expect(count((await search(t, 'dermatológica').expect(200)).text, RESULT)).toBe(1);
    await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'despublicado' }).expect(200);
    expect(count((await search(t, 'dermatologia').expect(200)).text, RESULT)).toBe(0);
    expect((await apiSearch(t, { q: 'dermatologia' }).expect(200)).body.value.total).toBe(0);
    await request(t.app).post(`/api/artigos/${id}/status`).set('Authorization', BEARER).send({ status: 'publicado' }).expect(200);
    expect(count((await search(t, 'dermatologia').expect(200)).text, RESULT)).toBe(1);
    await request(t.app).delete(`/api/artigos/${id}`).set('Authorization', BEARER).send({}).expect(200);
    expect(count((await search(t, 'dermatologia').expect(200)).text, RESULT)).toBe(0);
  });

  it('offers the form on /noticias and in the header of an article page', async () => {
    const list = await request(t.app).get('/noticias').expect(200);
    expect(list.text).toMatch(/<form class="search-form" role="search" action="\/noticias\/busca" method="get">/);
    const article = await request(t.app).get(`/noticias/${receita}`).redirects(1).expect(200);
    expect(article.text).toContain('id="busca-cabecalho"');
  });
});
