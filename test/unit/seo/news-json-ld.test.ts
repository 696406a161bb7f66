import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { breadcrumbList } from '../../../src/seo/breadcrumbs.js';
import { articlePath } from '../../../src/routes/paths.js';
import { medicalWebPage } from '../../../src/seo/medical-json-ld.js';
import { headline, newsArticle, newsCollectionPage } from '../../../src/seo/news-json-ld.js';
import { makeImageSet } from '../../support/image-set-fixture.js';
import { makeArticle } from '../../support/article-fixture.js';

const site = loadConfig({ SITE_URL: 'https://www.prontivo.com.br' }).site;
const url = 'https://www.prontivo.com.br/noticias/7/2026/02/28/prontuario-eletronico-e-lgpd';
const maria = [{ '@type': 'Person' as const, name: 'Maria Souza' }];


const EDITORIAL = { publishingPrinciples: 'https://www.prontivo.test/politica-editorial', corrections: [] };
describe('newsArticle', () => {
  it('has the properties search engines require, with absolute URLs', () => {
    const node = newsArticle(site, makeArticle(), articlePath(makeArticle()), 'Resumo', makeImageSet(7, 'capa lgpd.png', 2400, 1600), maria, undefined, EDITORIAL) as Record<string, any>;
    expect(node).toMatchObject({
      '@type': 'NewsArticle',
      '@id': `${url}#artigo`,
      headline: 'Prontuário eletrônico & LGPD: o que muda',
      description: 'Resumo',
      datePublished: '2026-03-01T01:30:00.000Z',
      dateModified: '2026-03-02T12:00:00.000Z',
      author: maria,
      keywords: 'lgpd, prontuário,  segurança ',
      inLanguage: 'pt-BR',
    });
    expect(node.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': url });
    // Real sizes of real files: the 1200 × 630 social JPEG and the largest responsive JPEG.
    expect(node.image).toEqual([
      {
        '@type': 'ImageObject',
        url: 'https://www.prontivo.com.br/assets/artigos/7/capa%20lgpd-social-h1.jpg',
        width: '1200',
        height: '630',
        caption: 'Médica consultando o prontuário',
      },
      {
        '@type': 'ImageObject',
        url: 'https://www.prontivo.com.br/assets/artigos/7/capa%20lgpd-1920-h780.jpg',
        width: '1920',
        height: '1280',
        caption: 'Médica consultando o prontuário',
      },
    ]);
    expect(node.publisher.logo.url).toBe('https://www.prontivo.com.br/logo-512.png');
  });

  it('lists only the social image of a photo no wider than it (enlarged to 1200 × 630)', () => {
    const node = newsArticle(site, makeArticle(), articlePath(makeArticle()), 'x', makeImageSet(7, 'pequena.jpg', 1000, 500), maria, undefined, EDITORIAL) as Record<string, any>;
    expect(node.image.map((image: { width: string; height: string }) => [image.width, image.height])).toEqual([['1200', '630']]);
  });

  it('uses the logo as image when the article has none, or its upload is missing', () => {
    const logo = [{ '@type': 'ImageObject', url: 'https://www.prontivo.com.br/logo-512.png', width: '512', height: '512' }];
    expect((newsArticle(site, makeArticle({ imagem_nome: null, imagem_caption: null }), articlePath(makeArticle({ imagem_nome: null, imagem_caption: null })), 'x', undefined, maria, undefined, EDITORIAL) as Record<string, any>).image).toEqual(logo);
    expect((newsArticle(site, makeArticle(), articlePath(makeArticle()), 'x', undefined, maria, undefined, EDITORIAL) as Record<string, any>).image).toEqual(logo);
  });


  it('points every NewsArticle to the editorial policy and lists its corrections as CorrectionComments (issue 33)', () => {
    const corrections = [{ id: 2, texto: 'A dose citada era 50 mg, não 500 mg.', data: '2026-11-27T12:00:00.000Z' }];
    const node = newsArticle(site, makeArticle(), articlePath(makeArticle()), 'x', undefined, maria, undefined, { ...EDITORIAL, corrections }) as Record<string, any>;
    expect(node.publishingPrinciples).toBe(EDITORIAL.publishingPrinciples);
    expect(node.correction).toEqual([{ '@type': 'CorrectionComment', datePublished: '2026-11-27T12:00:00.000Z', text: 'A dose citada era 50 mg, não 500 mg.' }]);
    expect(newsArticle(site, makeArticle(), articlePath(makeArticle()), 'x', undefined, maria, undefined, EDITORIAL)).not.toHaveProperty('correction');
  });

  it('makes the page of a clinical article a MedicalWebPage with its reviewer, review date and citations', () => {
    const reviewer = { '@type': 'Person' as const, name: 'Dr. João Lima', jobTitle: 'MÉDICO' };
    const page = medicalWebPage({ reviewer, date: '2026-03-01T12:00:00.000Z' }, [
      { texto: 'Diretriz brasileira de hipertensão, 2025', url: 'https://example.org/diretriz' },
      { texto: 'Livro-texto de clínica médica' },
    ], EDITORIAL.publishingPrinciples);
    const node = newsArticle(site, makeArticle(), articlePath(makeArticle()), 'x', undefined, maria, page, EDITORIAL) as Record<string, any>;
    expect(node.mainEntityOfPage).toEqual({
      '@type': 'MedicalWebPage',
      '@id': url,
      publishingPrinciples: EDITORIAL.publishingPrinciples,
      reviewedBy: reviewer,
      lastReviewed: '2026-03-01T12:00:00.000Z',
      citation: [
        { '@type': 'CreativeWork', name: 'Diretriz brasileira de hipertensão, 2025', url: 'https://example.org/diretriz' },
        { '@type': 'CreativeWork', name: 'Livro-texto de clínica médica' },
      ],
    });
  });
});

describe('headline', () => {
  it('keeps short titles and shortens long ones to 110 characters', () => {
    expect(headline('Curto')).toBe('Curto');
    const long = headline('palavra '.repeat(30));
    expect(long.length).toBeLessThanOrEqual(110);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('newsCollectionPage', () => {
  it('lists the articles of the page in order', () => {
    const node = newsCollectionPage(site, {
      path: '/noticias?pagina=2',
      title: 'Notícias',
      description: 'd',
      articles: [makeArticle(), makeArticle({ id: 8, titulo: 'Outra' })].map((article) => ({ path: articlePath(article), titulo: article.titulo })),
    }) as Record<string, any>;
    expect(node.url).toBe('https://www.prontivo.com.br/noticias?pagina=2');
    expect(node.mainEntity.itemListElement.map((item: { position: number; name: string }) => [item.position, item.name])).toEqual([
      [1, 'Prontuário eletrônico & LGPD: o que muda'],
      [2, 'Outra'],
    ]);
  });
});

describe('breadcrumbList', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    expect(breadcrumbList(site, [{ name: 'Início', path: '/' }, { name: 'Notícias', path: '/noticias' }])).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Início', item: 'https://www.prontivo.com.br/' },
        { '@type': 'ListItem', position: 2, name: 'Notícias', item: 'https://www.prontivo.com.br/noticias' },
      ],
    });
  });
});
