import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { articleMeta, articleView } from '../../../src/news/article-view.js';
import { newsListMeta } from '../../../src/news/news-list-view.js';
import { NewsListPage } from '../../../src/pages/news-list-page.js';
import { DEV_ASSETS } from '../../../src/ssr/assets.js';
import { makeArticle } from './article-fixture.js';

const config = loadConfig({ SITE_URL: 'https://www.prontivo.com.br' });

describe('NewsListPage', () => {
  it('loads the first row of images at once, the first one first, and the rest lazily', () => {
    const articles = Array.from({ length: 5 }, (_, index) => makeArticle({ id: index + 1, titulo_url: `a-${index}` }));
    const html = renderToStaticMarkup(<NewsListPage articles={articles} page={1} pageCount={1} links={{}} />);
    const loading = [...html.matchAll(/loading="(\w+)"/g)].map((match) => match[1]);
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect([...html.matchAll(/fetchpriority="high"/g)]).toHaveLength(1);
    expect(html).not.toContain('news-pagination');
  });

  it('tells screen readers which article each "Leia mais..." opens', () => {
    const html = renderToStaticMarkup(<NewsListPage articles={[makeArticle()]} page={1} pageCount={1} links={{}} />);
    expect(html).toContain('Leia mais...<span class="visually-hidden"> sobre Prontuário eletrônico &amp; LGPD: o que muda</span>');
  });
});

describe('newsListMeta', () => {
  it('names later pages and links them to their neighbours', () => {
    const meta = newsListMeta(config.site, 2, 30, []);
    expect(meta.title).toBe('Notícias – página 2 de 3');
    expect(meta.path).toBe('/noticias?pagina=2');
    expect(meta.description).toContain('Página 2 de 3.');
    expect(meta.pagination).toEqual({ prev: '/noticias', next: '/noticias?pagina=3' });
    expect(meta.feeds).toEqual([{ title: 'Notícias | Prontivo', path: '/noticias/feed.xml' }]);
  });
});

describe('articleMeta', () => {
  it('describes an article for Open Graph, Twitter and search engines', () => {
    const meta = articleMeta(config.site, makeArticle(), '<p>x</p>');
    expect(meta).toMatchObject({
      title: 'Prontuário eletrônico & LGPD: o que muda',
      description: 'Como proteger os dados dos pacientes.',
      keywords: ['lgpd', 'prontuário', 'segurança'],
      path: '/noticias/7/2026/02/28/prontuario-eletronico-e-lgpd',
      ogType: 'article',
      image: { url: '/assets/artigos/7/capa%20lgpd.png', width: 600, height: 545, alt: 'Médica consultando o prontuário' },
      article: { publishedTime: '2026-03-01T01:30:00.000Z', modifiedTime: '2026-03-02T12:00:00.000Z', author: 'Maria Souza' },
    });
  });
});

describe('articleView', () => {
  it('sanitises the stored HTML before it reaches the page', () => {
    const view = articleView(
      { config, assets: DEV_ASSETS },
      makeArticle({ conteudo: '<p onclick="x()">ok</p><script>alert(1)</script><img src="javascript:alert(1)">' }),
    );
    const html = renderToStaticMarkup(view.element);
    expect(html).toContain('<p>ok</p>');
    expect(html).not.toMatch(/onclick|alert|javascript:/);
    expect(view.path).toBe('/noticias/7/2026/02/28/prontuario-eletronico-e-lgpd');
  });
});
