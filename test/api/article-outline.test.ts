import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';

const SITE_URL = 'https://www.prontivo.test';

async function pageOf(t: TestApp, conteudo: string): Promise<string> {
  const article = await createArticle(t.repo, { conteudo });
  const location = (await request(t.app).get(`/noticias/${article.id}`).expect(301)).headers.location as string;
  return (await request(t.app).get(location).expect(200)).text;
}

/** "Neste artigo" and the reading time on the article page (issue 19). */
describe('sumário e tempo de leitura do artigo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
  });
  afterAll(() => t.close());

  it('links three or more headings from "Neste artigo", by ids unique in the page, and says the reading time', async () => {
    const words = (count: number) => `<p>${'palavra '.repeat(count)}</p>`;
    const html = await pageOf(t, `<h2>Contatos</h2>${words(400)}<h3>Agenda &amp; recepção</h3>${words(400)}<h2>Prescrição</h2>${words(400)}`);
    expect(html).toContain('<nav class="article-toc" aria-labelledby="neste-artigo"><h2 id="neste-artigo">Neste artigo</h2>');
    expect(html).toContain('<a href="#contatos-2">Contatos</a><ol><li><a href="#agenda-e-recepcao">Agenda &amp; recepção</a></li></ol>');
    expect(html).toContain('<h2 id="contatos-2">Contatos</h2>');
    expect(html).toContain('<h3 id="agenda-e-recepcao">Agenda &amp; recepção</h3>');
    expect(html).toContain('<p class="article-reading-time">6 min de leitura</p>');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await validateHtml({ 'artigo com sumário': html }))['artigo com sumário']).toEqual([]);
  });

  it('has no table of contents under three headings', async () => {
    const html = await pageOf(t, '<h2>Um</h2><p>texto</p><h2>Dois</h2><p>texto</p>');
    expect(html).not.toContain('Neste artigo');
    expect(html).toContain('<p class="article-reading-time">1 min de leitura</p>');
  });
});
