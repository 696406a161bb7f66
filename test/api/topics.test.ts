import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { articleBody, expectFailure } from '../support/articles-api.js';
import { cachedResponse, fromPageCache } from '../support/page-cache.js';
import { validateHtml } from '../support/vnu.js';
import { jsonLdOfType } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';
const bearer = { Authorization: `Bearer ${TEST_EDITOR_KEY}` };

/** Topics through the API, their pages and feeds, the sitemap, renames and the caches that show them. */
describe('temas: API, páginas, feed, sitemap e 301 depois de renomear', () => {
  let t: TestApp;
  let articlePath: string;
  const documents: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    for (let index = 1; index <= 13; index += 1) {
      await createArticle(t.repo, {
        titulo: `Receita digital ${index}`,
        titulo_url: `receita-digital-${index}`,
        data_publicacao: new Date(Date.UTC(2026, 0, index)).toISOString(),
        temas: ['Receita digital', 'Telemedicina'],
      });
    }
    await createArticle(t.repo, { titulo: 'Rascunho sobre LGPD', titulo_url: 'rascunho-lgpd', status: 'rascunho', temas: ['LGPD'] });
    const newest = (await t.repo.publicArticles.latest(1, 1)).items[0]!;
    articlePath = (await request(t.app).get(`/noticias/${newest.id}`).expect(301)).headers.location as string;
  });
  afterAll(() => t.close());

  it('creates an article with temas through the API, reusing existing topics by slug, and reads them back', async () => {
    const created = await request(t.app)
      .post('/api/artigos/novo')
      .send(articleBody({ titulo_url: 'prescricao-eletronica', temas: ['telemedicina', 'Prescrição', 'prescricao'] }))
      .expect(200);
    const id = created.body.value as number;
    const read = await request(t.app).get(`/api/artigos/${id}`).expect(200);
    expect(read.body.value.temas).toEqual(['Telemedicina', 'Prescrição']);
    const editorRead = await request(t.app).get(`/api/artigos/${id}`).set(bearer).expect(200);
    expect(editorRead.body.value.temas).toEqual(['Telemedicina', 'Prescrição']);

    const { versao } = editorRead.body.value as { versao: number };
    await request(t.app).put(`/api/artigos/${id}`).set(bearer).send(articleBody({ key: undefined, titulo_url: 'prescricao-eletronica', versao, temas: ['Prescrição'] })).expect(200);
    expect((await request(t.app).get(`/api/artigos/${id}`).expect(200)).body.value.temas).toEqual(['Prescrição']);
    // Without temas, an edit keeps them.
    await request(t.app).put(`/api/artigos/${id}`).set(bearer).send(articleBody({ key: undefined, titulo_url: 'prescricao-eletronica', versao: versao + 1 })).expect(200);
    expect((await request(t.app).get(`/api/artigos/${id}`).expect(200)).body.value.temas).toEqual(['Prescrição']);
  });

  it('refuses more than five topics, an empty list on a public article, and names without letters, in Portuguese', async () => {
    const many = await request(t.app).post('/api/artigos/novo').send(articleBody({ temas: ['a', 'b', 'c', 'd', 'e', 'f'] }));
    expect(expectFailure(many, 400, 'artigos/novo')).toEqual(['Escolha no máximo 5 temas.']);
    const none = await request(t.app).post('/api/artigos/novo').send(articleBody({ temas: [] }));
    expect(expectFailure(none, 400, 'artigos/novo')).toEqual(['Escolha pelo menos um tema.']);
    const symbols = await request(t.app).post('/api/artigos/novo').send(articleBody({ temas: ['???'] }));
    expect(expectFailure(symbols, 400, 'artigos/novo')).toEqual(['Cada tema deve conter letras ou números.']);
    const notList = await request(t.app).post('/api/artigos/novo').send(articleBody({ temas: 'LGPD' }));
    expect(expectFailure(notList, 400, 'artigos/novo')).toEqual(['Os temas devem ser uma lista de nomes.']);
    // A draft may have none yet.
    await request(t.app).post('/api/artigos/novo').send(articleBody({ status: 'rascunho', temas: [] })).expect(200);
  });

  it('lists topics with their public articles counted: strangers only those with one, editors all', async () => {
    const open = await request(t.app).get('/api/temas').expect(200);
    expect(open.body.value).toEqual([
      { nome: 'Prescrição', slug: 'prescricao', total: 1 },
      { nome: 'Receita digital', slug: 'receita-digital', total: 13 },
      { nome: 'Telemedicina', slug: 'telemedicina', total: 13 },
    ]);
    const editor = await request(t.app).get('/api/temas').set(bearer).expect(200);
    expect(editor.body.value).toContainEqual({ nome: 'LGPD', slug: 'lgpd', total: 0 });
  });

  it('shows a topic page: newest first, 12 a page, CollectionPage and BreadcrumbList, its feed; 404 past the end', async () => {
    const first = await request(t.app).get('/noticias/temas/receita-digital').expect(200);
    expect(first.headers['cache-control']).toMatch(/public/);
    expect(first.text).toContain('<h1 id="tema-titulo">Receita digital</h1>');
    expect((first.text.match(/class="news-card-title"/g) ?? []).length).toBe(12);
    expect(first.text.indexOf('Receita digital 13')).toBeLessThan(first.text.indexOf('Receita digital 12'));
    expect(first.text).toContain('href="/noticias/temas/receita-digital?pagina=2"');
    expect(first.text).toContain(`href="${SITE_URL}/noticias/temas/receita-digital/feed.xml"`);
    expect(jsonLdOfType(first.text, 'CollectionPage')).toMatchObject({ name: 'Receita digital: notícias e artigos' });
    expect(jsonLdOfType(first.text, 'BreadcrumbList').itemListElement).toEqual([
      expect.objectContaining({ name: 'Início' }),
      expect.objectContaining({ name: 'Notícias' }),
      expect.objectContaining({ name: 'Receita digital', item: `${SITE_URL}/noticias/temas/receita-digital` }),
    ]);
    documents['página de tema'] = first.text;
    const second = await request(t.app).get('/noticias/temas/receita-digital?pagina=2').expect(200);
    expect((second.text.match(/class="news-card-title"/g) ?? []).length).toBe(1);
    documents['página de tema 2'] = second.text;
    await request(t.app).get('/noticias/temas/receita-digital?pagina=3').expect(404);
    await request(t.app).get('/noticias/temas/receita-digital?pagina=1').expect(301).expect('Location', '/noticias/temas/receita-digital');

    const feed = await request(t.app).get('/noticias/temas/receita-digital/feed.xml').expect(200).expect('Content-Type', /rss/);
    expect(feed.text).toContain('<title>Prontivo: Receita digital</title>');
    expect((feed.text.match(/<item>/g) ?? []).length).toBe(13);
  });

  it('answers 404 for a topic without public articles, an unknown one and a malformed slug; the sitemap lists only topics with one', async () => {
    await request(t.app).get('/noticias/temas/lgpd').expect(404);
    await request(t.app).get('/noticias/temas/lgpd/feed.xml').expect(404);
    await request(t.app).get('/noticias/temas/nada').expect(404);
    await request(t.app).get('/noticias/temas/Nao_E_Slug').expect(404);
    const sitemap = await request(t.app).get('/sitemap-paginas.xml').expect(200);
    expect(sitemap.text).toContain(`<loc>${SITE_URL}/noticias/temas/receita-digital</loc>`);
    expect(sitemap.text).not.toContain('/noticias/temas/lgpd');
  });

  it('links the article to its topics and /noticias to every topic with its count', async () => {
    const article = await request(t.app).get(articlePath).expect(200);
    expect(article.text).toContain('<nav class="topic-links article-topics" aria-label="Temas deste artigo">');
    expect(article.text).toContain('<a href="/noticias/temas/receita-digital">Receita digital</a>');
    documents['artigo com temas'] = article.text;
    const list = await request(t.app).get('/noticias').expect(200);
    expect(list.text).toContain('<a href="/noticias/temas/telemedicina">Telemedicina<span class="topic-count"> (13)</span></a>');
    expect(list.text).not.toContain('/noticias/temas/lgpd');
    documents['notícias com temas'] = list.text;
  });

  it('offers every topic with a public article on the search page before any query, cached', async () => {
    const first = await request(t.app).get('/noticias/busca').expect(200);
    expect(first.headers['cache-control']).toMatch(/public/);
    expect(first.text).toContain('<h2 class="search-topics-title">Ou navegue pelos temas</h2>');
    expect(first.text).toContain('<a href="/noticias/temas/telemedicina">Telemedicina<span class="topic-count"> (13)</span></a>');
    expect(first.text).not.toContain('/noticias/temas/lgpd');
    documents['busca sem consulta'] = first.text;
    await cachedResponse(t.app, '/noticias/busca');
    const results = await request(t.app).get('/noticias/busca?q=receita').set('Accept-Encoding', 'br').expect(200);
    expect(results.text).not.toContain('Ou navegue pelos temas');
    expect(fromPageCache(results.headers)).toBe(false);
  });

  it('renames a topic: the old address redirects (page, its pages, not its feed), cached pages show the new name', async () => {
    await request(t.app).get('/noticias/temas/telemedicina').expect(200);
    await request(t.app).get(articlePath).expect(200);
    await request(t.app).get('/noticias').expect(200);
    await request(t.app).get('/noticias/busca').expect(200);
    const renamed = await request(t.app).patch('/api/temas/telemedicina').set(bearer).send({ nome: 'Telessaúde' }).expect(200);
    expect(renamed.body.value).toEqual({ nome: 'Telessaúde', slug: 'telessaude' });
    await request(t.app).get('/noticias/temas/telemedicina').expect(301).expect('Location', '/noticias/temas/telessaude');
    await request(t.app).get('/noticias/temas/telemedicina?pagina=2').expect(301).expect('Location', '/noticias/temas/telessaude?pagina=2');
    expect((await request(t.app).get('/noticias/temas/telessaude').expect(200)).text).toContain('<h1 id="tema-titulo">Telessaúde</h1>');
    expect((await request(t.app).get(articlePath).expect(200)).text).toContain('<a href="/noticias/temas/telessaude">Telessaúde</a>');
    expect((await request(t.app).get('/noticias').expect(200)).text).toContain('/noticias/temas/telessaude');
    expect((await request(t.app).get('/noticias/busca').expect(200)).text).toContain('<a href="/noticias/temas/telessaude">Telessaúde');

    const taken = await request(t.app).patch('/api/temas/telessaude').set(bearer).send({ nome: 'Receita Digital' });
    expect(expectFailure(taken, 409, 'temas/slug')).toEqual(['Já existe um tema com esse nome (ou com esse endereço).']);
    expectFailure(await request(t.app).patch('/api/temas/nada').set(bearer).send({ nome: 'X' }), 404, 'temas/slug');
    expectFailure(await request(t.app).patch('/api/temas/telessaude').send({ nome: 'X' }), 403, 'temas/slug');
  });

  it('drops a cached topic page when an article of it is unpublished, and 404s once none is left', async () => {
    const prescricao = (await request(t.app).get('/noticias/temas/prescricao').expect(200)).text;
    expect(prescricao).toContain('Prontuário eletrônico na prática');
    expect((await request(t.app).get('/noticias/busca').expect(200)).text).toContain('/noticias/temas/prescricao');
    const only = (await t.repo.articles.list({ pageIndex: 1, pageSize: 50, status: 'publicado' })).items.find((item) => item.titulo_url === 'prescricao-eletronica');
    await request(t.app).post(`/api/artigos/${only!.id}/status`).set(bearer).send({ status: 'rascunho' }).expect(200);
    await request(t.app).get('/noticias/temas/prescricao').expect(404);
    expect((await request(t.app).get('/noticias/busca').expect(200)).text).not.toContain('/noticias/temas/prescricao');
  });

  it('writes valid HTML (W3C checker)', async () => {
    const errors = await validateHtml(documents);
    for (const [name, messages] of Object.entries(errors)) expect(messages, name).toEqual([]);
  });
});
