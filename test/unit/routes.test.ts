import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteUrl, aboutPath, articlePath, registrationUrl, staticPages } from '../../src/routes.js';

const site = { productSlug: 'prontivo', siteUrl: 'https://www.prontivo.test', appUrl: 'https://app.prontivo.test' };

describe('route table', () => {
  it('puts About at the product slug', () => {
    expect(aboutPath(site)).toBe('/prontivo');
    expect(aboutPath({ productSlug: 'outro-nome' })).toBe('/outro-nome');
  });

  it('lists the static pages in sitemap order, with the not-found page kept out of the index', () => {
    expect(staticPages(site).map((page) => [page.path, page.indexable])).toEqual([
      ['/', true],
      ['/prontivo', true],
      ['/preco-prontuario-eletronico', true],
      ['/nao-encontrado', false],
    ]);
  });

  it('builds the registration URL with the plan codes of the spec', () => {
    expect(registrationUrl(site)).toBe('https://app.prontivo.test/cadastro');
    expect(registrationUrl(site, 'PRO')).toBe('https://app.prontivo.test/cadastro?plano=PRO');
    expect(registrationUrl(site, 'CLI')).toBe('https://app.prontivo.test/cadastro?plano=CLI');
  });

  it('makes absolute URLs from SITE_URL', () => {
    expect(absoluteUrl(site, '/')).toBe('https://www.prontivo.test/');
    expect(absoluteUrl(site, '/preco-prontuario-eletronico')).toBe('https://www.prontivo.test/preco-prontuario-eletronico');
    expect(absoluteUrl(site, '/noticias?pagina=2')).toBe('https://www.prontivo.test/noticias?pagina=2');
    expect(absoluteUrl(site, '/a/../b')).toBe('https://www.prontivo.test/b');
    expect(absoluteUrl(site, '//outro.test/x')).toBe('https://outro.test/x');
  });

  it('makes the same absolute URL as the URL parser for any path, plain or not', () => {
    const piece = fc.constantFrom('/', '.', '..', 'a', 'Z', '0', '-', '_', '~', '?', '=', '&', '#', '%', '%2e', ' ', 'ç', "'", '\\', '@', ':');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = `/${pieces.join('')}`;
        const parse = (make: () => string) => {
          try {
            return make();
          } catch (error) {
            return error instanceof TypeError ? 'inválida' : String(error);
          }
        };
        expect(parse(() => absoluteUrl(site, path))).toBe(parse(() => new URL(path, `${site.siteUrl}/`).toString()));
      }),
      { numRuns: 5000 },
    );
  });

  it('dates article URLs on the readers’ calendar (São Paulo), not UTC', () => {
    const article = { id: 7, titulo_url: 'lgpd-no-consultorio', data_publicacao: '2025-03-01T01:30:00.000Z' };
    expect(articlePath(article)).toBe('/noticias/7/2025/02/28/lgpd-no-consultorio');
    expect(articlePath({ ...article, data_publicacao: '2025-03-01T03:00:00.000Z' })).toBe('/noticias/7/2025/03/01/lgpd-no-consultorio');
    expect(articlePath(article)).toBe('/noticias/7/2025/02/28/lgpd-no-consultorio');
  });
});
