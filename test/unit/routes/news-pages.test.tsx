import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { SafeBodies } from '../../../src/content/safe-article-body.js';
import type { Article } from '../../../src/db/repository.js';
import type { ImageSet } from '../../../src/images/image-set.js';
import { pageElement } from '../../../src/entry-server.js';
import { renderWhole } from '../../../src/ssr/render-whole.js';
import { ARTICLE_PAGE_IDS, ArticlePage, articleData, articleMeta } from '../../../src/routes/article.js';
import { shareImageFile } from '../../../src/seo/share-image.js';
import { newsListMeta, newsListPage, type NewsListData } from '../../../src/routes/news-list.js';
import { DEV_ASSETS } from '../../../src/ssr/assets.js';
import { RenderMemo } from '../../../src/ssr/render-memo.js';
import { makeImageSet } from '../../support/image-set-fixture.js';
import { makeArticle } from '../../support/article-fixture.js';

const config = loadConfig({ SITE_URL: 'https://www.prontivo.com.br' });

function NewsListPage({ articles, images }: Pick<NewsListData, 'articles' | 'images'>) {
  return <newsListPage.Component data={{ articles, images, page: 1, total: articles.length }} />;
}

/** The article's whole page, as the route table renders it. */
function articlePage(article: Article, images: ImageSet[]) {
  const data = articleData(article, images, new SafeBodies(ARTICLE_PAGE_IDS));
  const meta = articleMeta(config.site, data);
  return { path: meta.path, html: renderWhole(pageElement({ config, assets: DEV_ASSETS, memo: new RenderMemo() }, meta, <ArticlePage data={data} />)).toString() };
}

describe('NewsListPage', () => {
  const articles = Array.from({ length: 5 }, (_, index) => makeArticle({ id: index + 1, titulo_url: `a-${index}` }));
  const images = articles.map((article) => makeImageSet(article.id, article.imagem_nome!, 2400, 1600));

  it('loads the first row of images at once, the first one first, and the rest lazily', () => {
    const html = renderToStaticMarkup(<NewsListPage articles={articles} images={images} />);
    const loading = [...html.matchAll(/loading="(\w+)"/g)].map((match) => match[1]);
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect([...html.matchAll(/fetchpriority="high"/g)]).toHaveLength(1);
    expect(html).not.toContain('news-pagination');
  });

  it('offers cards only the small widths, in AVIF and WebP, sized for the grid', () => {
    const html = renderToStaticMarkup(<NewsListPage articles={articles.slice(0, 1)} images={images} />);
    expect(html).toContain(
      '<source type="image/avif" srcSet="/assets/artigos/1/capa%20lgpd-320-h140.avif 320w, /assets/artigos/1/capa%20lgpd-640-h280.avif 640w" ' +
        'sizes="(min-width: 1120px) 334px, (min-width: 960px) calc((100vw - 112px) / 3 - 2px), (min-width: 576px) calc((100vw - 72px) / 2 - 2px), calc(100vw - 34px)"/>',
    );
    expect(html).not.toMatch(/-(?:960|1280|1920)-/);
    expect(html).toContain('width="2400" height="1600" alt=""');
  });

  it('gives a card whose photo is missing or absent the topic panel, never an <img>', () => {
    const withoutFile = makeArticle({ id: 1, keywords: 'telemedicina, CFM' });
    const withoutImage = makeArticle({ id: 2, imagem_nome: null, keywords: '' });
    const html = renderToStaticMarkup(<NewsListPage articles={[withoutFile, withoutImage]} images={[]} />);
    expect(html).not.toContain('<img');
    expect([...html.matchAll(/<div class="news-card-topic" aria-hidden="true"><span>([^<]+)<\/span>/g)].map((m) => m[1])).toEqual([
      'telemedicina',
      'Notícia',
    ]);
    expect(html.match(/news-card news-card-text-only/g)).toHaveLength(2);
  });

  it('tells screen readers which article each "Leia mais..." opens', () => {
    const html = renderToStaticMarkup(<NewsListPage articles={[makeArticle()]} images={[]} />);
    expect(html).toContain('Leia mais...<span class="visually-hidden"> sobre Prontuário eletrônico &amp; LGPD: o que muda</span>');
  });
});

describe('newsListMeta', () => {
  it('names later pages and links them to their neighbours', () => {
    const meta = newsListMeta(config.site, { page: 2, total: 30, articles: [] });
    expect(meta.title).toBe('Notícias – página 2 de 3');
    expect(meta.path).toBe('/noticias?pagina=2');
    expect(meta.description).toContain('Página 2 de 3.');
    expect(meta.pagination).toEqual({ prev: '/noticias', next: '/noticias?pagina=3' });
    expect(meta.feeds).toEqual([{ title: 'Notícias | Prontivo', path: '/noticias/feed.xml' }]);
  });
});

describe('articleMeta', () => {
  it('describes an article for Open Graph, Twitter and search engines, sharing the 1200 × 630 crop of the photo', () => {
    const meta = articleMeta(config.site, { article: makeArticle(), bodyHtml: '<p>x</p>', outline: [], readingMinutes: 1, mainImage: makeImageSet(7, 'capa lgpd.png', 2400, 1600) });
    expect(meta).toMatchObject({
      title: 'Prontuário eletrônico & LGPD: o que muda',
      description: 'Como proteger os dados dos pacientes.',
      keywords: ['lgpd', 'prontuário', 'segurança'],
      path: '/noticias/7/2026/02/28/prontuario-eletronico-e-lgpd',
      ogType: 'article',
      image: { url: '/assets/artigos/7/capa%20lgpd-social-h1.jpg', width: 1200, height: 630, alt: 'Médica consultando o prontuário' },
      article: { publishedTime: '2026-03-01T01:30:00.000Z', modifiedTime: '2026-03-02T12:00:00.000Z', author: 'Maria Souza' },
    });
  });

  it('previews the generated share image when the main image was never processed', () => {
    const article = makeArticle();
    expect(articleMeta(config.site, { article, bodyHtml: '<p>x</p>', outline: [], readingMinutes: 1 }).image).toEqual({
      url: `/assets/artigos/7/${shareImageFile({ title: article.titulo, authors: [article.autor] })}`,
      width: 1200,
      height: 630,
      alt: `${article.titulo}: imagem com o título do artigo e o logotipo da Prontivo`,
    });
  });
});

describe('the article page', () => {
  it('sanitises the stored HTML before it reaches the page', () => {
    const view = articlePage(makeArticle({ conteudo: '<p onclick="x()">ok</p><script>alert(1)</script><img src="javascript:alert(1)">' }), []);
    const { html } = view;
    expect(html).toContain('<p>ok</p>');
    expect(html).not.toMatch(/onclick|alert|javascript:/);
    expect(view.path).toBe('/noticias/7/2026/02/28/prontuario-eletronico-e-lgpd');
  });

  it('shows the main image as a <picture> fetched first, and body photos of the article as lazy pictures', () => {
    const article = makeArticle({ conteudo: '<p>Texto</p><p><img src="/assets/artigos/7/detalhe.jpg" alt="Detalhe" /></p>' });
    const images = [makeImageSet(7, 'capa lgpd.png', 2400, 1600), makeImageSet(7, 'detalhe.jpg', 1600, 1200)];
    const { html } = articlePage(article, images);
    const main = html.match(/<figure class="article-figure"><picture>(.*?)<\/picture>/)![1]!;
    expect(main).toContain('sizes="(min-width: 780px) 732px, (min-width: 576px) calc(100vw - 48px), calc(100vw - 32px)"');
    expect(main).toMatch(/<img [^>]*width="2400" height="1600" alt="Médica consultando o prontuário" loading="eager" fetchpriority="high"\/>/);
    expect(html).toMatch(/<div class="article-body"><p>Texto<\/p><p><picture><source type="image\/avif" srcSet="\/assets\/artigos\/7\/detalhe-320-h140\.avif 320w/);
    expect(html).toContain('alt="Detalhe" loading="lazy" decoding="async"/></picture></p>');
  });

  it('renders no main image, and previews the generated share image, when the upload of the main image is missing', () => {
    const { html } = articlePage(makeArticle(), []);
    expect(html).not.toContain('<img');
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/assets\/artigos\/7\/compartilhar\.[0-9a-f]{12}\.jpg"\/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('class="article container narrow article-text-only"');
  });
});
