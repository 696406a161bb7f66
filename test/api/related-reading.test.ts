import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const bearer = { Authorization: `Bearer ${TEST_EDITOR_KEY}` };

/** The titles under "Leia também" of the page at `path`, in order. */
function relatedTitles(html: string): string[] {
  const aside = /<aside class="related-reading"[^]*?<\/aside>/.exec(html)?.[0] ?? '';
  return [...aside.matchAll(/<li><a href="[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]!);
}

describe('Leia também: até três artigos públicos, por temas em comum e depois por texto', () => {
  let t: TestApp;
  let path: string;

  const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    const self = await createArticle(t.repo, { titulo: 'Receita digital no consultório', titulo_url: 'receita-digital', descricao: 'Prescrição eletrônica com assinatura.', temas: ['Receita', 'Assinatura', 'LGPD'], data_publicacao: at(20) });
    await createArticle(t.repo, { titulo: 'Assinatura eletrônica e LGPD', titulo_url: 'assinatura-lgpd', temas: ['Assinatura', 'LGPD'], data_publicacao: at(1) });
    await createArticle(t.repo, { titulo: 'Receita digital passo a passo', titulo_url: 'receita-passo', descricao: 'Prescrição eletrônica.', temas: ['Receita'], data_publicacao: at(2) });
    await createArticle(t.repo, { titulo: 'Agenda do consultório', titulo_url: 'agenda', descricao: 'Marcação de consultas.', temas: ['Receita'], data_publicacao: at(3) });
    await createArticle(t.repo, { titulo: 'Rascunho sobre receitas', titulo_url: 'rascunho', temas: ['Receita', 'Assinatura', 'LGPD'], status: 'rascunho' });
    path = (await request(t.app).get(`/noticias/${self.id}`).expect(301)).headers.location as string;
  });
  afterAll(() => t.close());

  it('shows those sharing the most topics first, then the most alike text, never itself nor a draft', async () => {
    const page = await request(t.app).get(path).expect(200);
    expect(relatedTitles(page.text)).toEqual(['Assinatura eletrônica e LGPD', 'Receita digital passo a passo', 'Agenda do consultório']);
    expect(page.text).toContain('<h2 id="leia-tambem">Leia também</h2>');
    expect(await validateHtml({ artigo: page.text })).toEqual({ artigo: [] });
  });

  it('follows edits and unpublications of the suggested articles on the cached page', async () => {
    // A new publication reaches a cached page's "Leia também" with the cache's safety-net minute (and the
    // first render after it): dropping every article page at each publication emptied the cache that
    // serves readers through a database outage.
    await request(t.app).get(path).expect(200);
    const agenda = (await t.repo.articles.list({ pageIndex: 1, pageSize: 10, busca: 'Agenda' })).items[0]!;
    const stored = (await t.repo.articles.get(agenda.id))!;
    await t.repo.articles.update(agenda.id, { autor: 'Editora', id_pessoa: null, acao: 'editado', content: { titulo: 'Agenda online', titulo_url: stored.titulo_url, descricao: stored.descricao, keywords: stored.keywords, conteudo: stored.conteudo } });
    expect(relatedTitles((await request(t.app).get(path).expect(200)).text)).toContain('Agenda online');

    await request(t.app).post(`/api/artigos/${agenda.id}/status`).set(bearer).send({ status: 'despublicado' }).expect(200);
    expect(relatedTitles((await request(t.app).get(path).expect(200)).text)).not.toContain('Agenda online');
  });
});

describe('Leia também sem cache de páginas: lembrado até a próxima mudança de um artigo', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { PAGE_CACHE_ENTRIES: '0' } });
  });
  afterAll(() => t.close());

  it('shows a new publication and forgets an unpublished one at the next render', async () => {
    const self = await createArticle(t.repo, { titulo: 'Telemedicina no consultório', titulo_url: 'telemedicina', temas: ['Telemedicina', 'LGPD'] });
    await createArticle(t.repo, { titulo: 'Teleconsulta com segurança', titulo_url: 'teleconsulta', temas: ['Telemedicina'] });
    const path = (await request(t.app).get(`/noticias/${self.id}`).expect(301)).headers.location as string;
    expect(relatedTitles((await request(t.app).get(path).expect(200)).text)).toEqual(['Teleconsulta com segurança']);

    const newer = await createArticle(t.repo, { titulo: 'Dados da teleconsulta e LGPD', titulo_url: 'dados-teleconsulta', temas: ['Telemedicina', 'LGPD'] });
    expect(relatedTitles((await request(t.app).get(path).expect(200)).text)).toEqual(['Dados da teleconsulta e LGPD', 'Teleconsulta com segurança']);

    await request(t.app).post(`/api/artigos/${newer.id}/status`).set(bearer).send({ status: 'despublicado' }).expect(200);
    expect(relatedTitles((await request(t.app).get(path).expect(200)).text)).toEqual(['Teleconsulta com segurança']);
  });
});
