import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../src/db/repository.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createArticle, createTestApp, TEST_EDITOR_AUTHOR, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { photoJpeg } from '../support/stored-photo.js';
import { executableScripts, jsonLdNodes, jsonLdOfType, linkHref, metaContent } from './news-html.js';

const SITE_URL = 'https://www.prontivo.test';

/** Through the spec's upload form, as the editor sends it. */
async function uploadPhoto(t: TestApp, id: number, filename: string, jpeg: Buffer): Promise<void> {
  const response = await request(t.app)
    .post('/api/artigos/upload-imagem')
    .attach('file', jpeg, { filename, contentType: 'image/jpeg' })
    .field('id_artigo', String(id))
    .field('key', TEST_EDITOR_KEY);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

describe('article pages', () => {
  let t: TestApp;
  let article: Article;
  let plain: Article;
  let missing: Article;
  let canonical: string;

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL } });
    const id = await t.repo.articles.nextId();
    article = await createArticle(t.repo, {
      titulo: 'Assinatura digital de receitas',
      titulo_url: 'assinatura-digital-de-receitas',
      descricao: 'Receitas e atestados assinados digitalmente.',
      keywords: 'receita digital, atestado, assinatura',
      // Late evening in São Paulo is already the next day in UTC: the URL follows São Paulo.
      data_publicacao: '2026-03-01T01:30:00.000Z',
      conteudo:
        '<h2>Como funciona</h2><p style="text-align: center">Texto <strong>forte</strong>.</p>' +
        '<script>alert(1)</script><p><a href="javascript:alert(2)" onclick="alert(3)">link</a></p>' +
        `<p style="text-align:center"><img src="/assets/artigos/${id}/balcao.jpg" alt="Balcão da farmácia" width="400" /></p>` +
        '<p><img src="https://example.com/externa.jpg" alt="Externa" /></p>',
      imagem: { nome: 'receita.jpg', caption: 'Receita assinada no celular', width: 4000, height: 3000 },
    });
    // A 12 MP camera photo (the master is cut to 2560 px) and a smaller one for the body.
    await uploadPhoto(t, article.id, 'receita.jpg', await photoJpeg(4000, 3000));
    await uploadPhoto(t, article.id, 'balcao.jpg', await photoJpeg(1600, 1200));
    plain = await createArticle(t.repo, { descricao: '', imagem: undefined, conteudo: '<p>Só o texto do artigo.</p>' });
    // Its upload failed: the article names an image that was never stored.
    missing = await createArticle(t.repo, { imagem: { nome: 'falhou.jpg', caption: 'Nunca chegou', width: 800, height: 600 } });
    canonical = `/noticias/${article.id}/2026/02/28/assinatura-digital-de-receitas`;
  });
  afterAll(() => t.close());

  it('renders title, date in Portuguese, author, main image with caption and the body', async () => {
    const res = await request(t.app).get(canonical).expect(200).expect('Content-Type', 'text/html; charset=utf-8');
    expect(res.text).toContain('<h1>Assinatura digital de receitas</h1>');
    expect(res.text).toContain('<time dateTime="2026-03-01T01:30:00.000Z">28 de fevereiro de 2026</time>');
    expect(res.text).toContain(TEST_EDITOR_AUTHOR);
    const figure = res.text.match(/<figure class="article-figure">(.*?)<\/figure>/)![1]!;
    const sets = await t.repo.images.imageSets([article.id]);
    const main = sets.find((set) => set.nome === 'receita.jpg')!;
    const avif = main.variants.filter((v) => v.format === 'avif').map((v) => `${v.url} ${v.width}w`).join(', ');
    expect(figure).toContain(`<source type="image/avif" srcSet="${avif}"`);
    expect(figure).toMatch(/<source type="image\/webp" srcSet="[^"]+\.1920w\.[0-9a-f]{12}\.webp 1920w"/);
    expect(figure).toMatch(/<img src="[^"]+" srcSet="[^"]+\.jpg 1920w" sizes="[^"]+" width="2560" height="1920" alt="Receita assinada no celular" loading="eager" fetchpriority="high"\/>/);
    expect(figure).toContain('<figcaption>Receita assinada no celular</figcaption>');
    expect(res.text).toContain('<h2 id="como-funciona">Como funciona</h2>');
    expect(res.text).toContain('<p style="text-align:center">Texto <strong>forte</strong>.</p>');
  });

  it('serves every candidate the page offers, and shows body photos of the article as lazy pictures', async () => {
    const res = await request(t.app).get(canonical).expect(200);
    expect(res.text).toMatch(/<p style="text-align:center"><picture><source type="image\/avif" srcSet="[^"]*balcao\.320w/);
    expect(res.text).toContain('width="400" height="300" alt="Balcão da farmácia" loading="lazy" decoding="async"/></picture></p>');
    expect(res.text).toContain('<p><img src="https://example.com/externa.jpg" alt="Externa" /></p>');
    const urls = new Set([...res.text.matchAll(/(\/assets\/artigos\/\d+\/[^\s",]+) \d+w/g)].map((match) => match[1]!));
    // 320 to 1920 for the main photo; 320 to 1280 and its own 1600 for the body photo; three formats each.
    expect(urls.size).toBe(5 * 3 + 5 * 3);
    for (const url of urls) {
      const file = await request(t.app).get(url).expect(200);
      expect(file.headers['content-type']).toMatch(/^image\/(avif|webp|jpeg)$/);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it("shows no image when the main image's upload is missing, and previews the generated share image instead", async () => {
    const res = await request(t.app).get(`/noticias/${missing.id}`).redirects(1).expect(200);
    expect(res.text).not.toContain('<img');
    expect(res.text).not.toContain('<figure');
    const shareImage = metaContent(res.text, 'og:image');
    expect(shareImage).toMatch(new RegExp(`^${SITE_URL}/assets/artigos/${missing.id}/compartilhar\\.[0-9a-f]{12}\\.jpg$`));
    expect(metaContent(res.text, 'twitter:card')).toBe('summary_large_image');
    expect((jsonLdOfType(res.text, 'NewsArticle') as Record<string, any>).image[0].url).toBe(shareImage);
  });

  it('renders no body photo while its upload is still in the pipeline (a sample article just after a first start), and the photo once stored', async () => {
    const id = await t.repo.articles.nextId();
    const pending = await createArticle(t.repo, { conteudo: `<p>Antes da foto.</p><p><img src="/assets/artigos/${id}/chegando.jpg" alt="Foto chegando" /></p><p>Depois.</p>` });
    const before = await request(t.app).get(`/noticias/${pending.id}`).redirects(1).expect(200);
    expect(before.text).toContain('<p>Antes da foto.</p><p></p><p>Depois.</p>');
    expect(before.text).not.toContain('chegando');
    await uploadPhoto(t, pending.id, 'chegando.jpg', await photoJpeg(800, 600));
    const after = await request(t.app).get(`/noticias/${pending.id}`).redirects(1).expect(200);
    expect(after.text).toMatch(/<p><picture><source type="image\/avif" srcSet="[^"]*chegando\.320w/);
    expect(after.text).toContain('alt="Foto chegando"');
  });

  it('uses the main image\'s own alternative text as alt, keeping the caption as the caption', async () => {
    const described = await createArticle(t.repo, {
      imagem: { nome: 'receita.jpg', caption: 'Foto: Arquivo Prontivo', alt: 'Receita assinada aberta num celular', width: 4000, height: 3000 },
    });
    await uploadPhoto(t, described.id, 'receita.jpg', await photoJpeg(1200, 900));
    const res = await request(t.app).get(`/noticias/${described.id}`).redirects(1).expect(200);
    const figure = res.text.match(/<figure class="article-figure">(.*?)<\/figure>/)![1]!;
    expect(figure).toMatch(/<img [^>]*alt="Receita assinada aberta num celular"/);
    expect(figure).toContain('<figcaption>Foto: Arquivo Prontivo</figcaption>');
    expect(metaContent(res.text, 'og:image:alt')).toBe('Receita assinada aberta num celular');
    expect(metaContent(res.text, 'twitter:image:alt')).toBe('Receita assinada aberta num celular');
  });

  it('sanitises the body again at render', async () => {
    const res = await request(t.app).get(canonical).expect(200);
    expect(res.text).not.toContain('alert(');
    expect(res.text).not.toContain('javascript:');
    expect(res.text).not.toContain('onclick');
    expect(executableScripts(res.text)).toEqual([]);
  });

  it('sets the article metadata', async () => {
    const res = await request(t.app).get(canonical).expect(200);
    const social = (await t.repo.images.imageSets([article.id])).find((set) => set.nome === 'receita.jpg')!.social;
    const image = `${SITE_URL}${social.url}`;
    expect(social.url).toMatch(/\.social\.[0-9a-f]{12}\.jpg$/);
    expect(res.text).toContain('<title>Assinatura digital de receitas | Prontivo</title>');
    expect(linkHref(res.text, 'canonical')).toBe(`${SITE_URL}${canonical}`);
    expect(metaContent(res.text, 'description')).toBe('Receitas e atestados assinados digitalmente.');
    expect(metaContent(res.text, 'keywords')).toBe('receita digital, atestado, assinatura');
    expect(metaContent(res.text, 'og:type')).toBe('article');
    expect(metaContent(res.text, 'og:image')).toBe(image);
    expect([metaContent(res.text, 'og:image:width'), metaContent(res.text, 'og:image:height')]).toEqual(['1200', '630']);
    const shared = await request(t.app).get(social.url).expect(200);
    expect(shared.headers['content-type']).toBe('image/jpeg');
    expect(metaContent(res.text, 'article:published_time')).toBe('2026-03-01T01:30:00.000Z');
    expect(metaContent(res.text, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(res.text, 'twitter:image')).toBe(image);
    expect(linkHref(res.text, 'alternate')).toBe(`${SITE_URL}/noticias/feed.xml`);
  });

  it('describes the article in JSON-LD: NewsArticle and BreadcrumbList beside Organization and WebSite', async () => {
    const res = await request(t.app).get(canonical).expect(200);
    expect(jsonLdNodes(res.text).map((node) => node['@type']).sort()).toEqual([
      'BreadcrumbList',
      'NewsArticle',
      'Organization',
      'WebSite',
    ]);
    const news = jsonLdOfType(res.text, 'NewsArticle') as Record<string, any>;
    expect(news['@context']).toBe('https://schema.org');
    expect(news.headline).toBe('Assinatura digital de receitas');
    expect(news.image.map((image: Record<string, string>) => [image.width, image.height])).toEqual([
      ['1200', '630'],
      ['1920', '1440'],
    ]);
    expect(news.image[0].url).toMatch(new RegExp(`^${SITE_URL}/assets/artigos/${article.id}/receita\\.social\\.`));
    expect(news.datePublished).toBe('2026-03-01T01:30:00.000Z');
    expect(news.dateModified).toBe((await t.repo.articles.get(article.id))!.data_atualizacao);
    expect(news.author).toEqual([{ '@type': 'Person', name: TEST_EDITOR_AUTHOR }]);
    expect(news.publisher.name).toBe('Prontivo');
    expect(news.publisher.logo.url).toBe(`${SITE_URL}/logo-512.png`);
    expect(news.mainEntityOfPage['@id']).toBe(`${SITE_URL}${canonical}`);
    const crumbs = jsonLdOfType(res.text, 'BreadcrumbList') as { itemListElement: { position: number; name: string; item: string }[] };
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Início', item: `${SITE_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Notícias', item: `${SITE_URL}/noticias` },
      { '@type': 'ListItem', position: 3, name: 'Assinatura digital de receitas', item: `${SITE_URL}${canonical}` },
    ]);
  });

  it('falls back to an excerpt of the body for the description and to the generated share image for the previews', async () => {
    const res = await request(t.app).get(`/noticias/${plain.id}`).redirects(1).expect(200);
    expect(metaContent(res.text, 'description')).toBe('Só o texto do artigo.');
    expect(metaContent(res.text, 'og:image')).toContain(`/assets/artigos/${plain.id}/compartilhar.`);
    expect(res.text).not.toContain('<figure');
    expect((jsonLdOfType(res.text, 'NewsArticle') as Record<string, any>).image[0].url).toBe(metaContent(res.text, 'og:image'));
    expect(res.text).toContain('article-text-only');
  });

  it.each([
    ['the id alone', (id: number) => `/noticias/${id}`],
    ['a wrong slug', (id: number) => `/noticias/${id}/2026/02/28/titulo-antigo`],
    ['a wrong date (UTC day)', (id: number) => `/noticias/${id}/2026/03/01/assinatura-digital-de-receitas`],
    ['a trailing slash', (id: number) => `/noticias/${id}/2026/02/28/assinatura-digital-de-receitas/`],
  ])('redirects %s to the canonical URL with 301', async (_name, build) => {
    await request(t.app).get(build(article.id)).expect(301).expect('Location', canonical);
  });

  it.each(['/noticias/999999', '/noticias/0', '/noticias/abc', '/noticias/07/2026/02/28/x', '/noticias/-1'])(
    'answers %s with the not-found page and 404',
    async (path) => {
      const res = await request(t.app).get(path).expect(404);
      expect(res.text).toContain('Página não encontrada.');
    },
  );

  it('answers crawlers with the complete document too', async () => {
    const res = await request(t.app)
      .get(canonical)
      .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
      .expect(200);
    expect(res.text.startsWith('<!DOCTYPE html><html lang="pt-BR">')).toBe(true);
    expect(res.text.trimEnd().endsWith('</html>')).toBe(true);
  });
});
