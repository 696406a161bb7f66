import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { absoluteUrl } from '../../../src/lib/absolute-url.js';
import { registrationUrl } from '../../../src/lib/app-urls.js';
import { aboutPath, articlePath } from '../../../src/routes/paths.js';
import { createRouteTable } from '../../../src/routes/table.js';

const site = { productSlug: 'prontivo', siteUrl: 'https://www.prontivo.test', appUrl: 'https://app.prontivo.test' };
const table = createRouteTable(loadConfig({ NODE_ENV: 'test', PRODUCT_SLUG: 'prontivo' }).site);
const matched = (path: string) => {
  const match = table.match(path);
  return match && [match.route.id, match.route.kind, match.params];
};

describe('route table', () => {
  it('puts About at the product slug', () => {
    expect(aboutPath(site)).toBe('/prontivo');
    expect(aboutPath({ productSlug: 'outro-nome' })).toBe('/outro-nome');
  });

  it('lists the prerendered pages in sitemap order, with the not-found page kept out of the index', () => {
    expect(table.prerendered.map(({ route, path }) => [path, route.indexable])).toEqual([
      ['/prontivo', true],
      ['/preco-prontuario-eletronico', true],
      ['/privacidade', true],
      ['/demonstracao/obrigado', false],
      ['/politica-editorial', true],
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

describe('matching a request to its page', () => {
  it('finds every kind of page with its parameters, as react-router matches them', () => {
    expect(matched('/')).toEqual(['home', 'public', {}]);
    expect(matched('/prontivo')).toEqual(['about', 'prerendered', {}]);
    expect(matched('/login')).toEqual(['login', 'no-store', {}]);
    expect(matched('/noticias')).toEqual(['news', 'public', {}]);
    expect(matched('/noticias/12')).toEqual(['article-short', 'public', { id: '12' }]);
    expect(matched('/noticias/12/2026/11/20/um-titulo')).toEqual(['article', 'public', { id: '12', ano: '2026', mes: '11', dia: '20', titulo: 'um-titulo' }]);
    expect(matched('/novo-artigo')).toEqual(['new-article', 'private', {}]);
    expect(matched('/editor')).toEqual(['editor-list', 'private', {}]);
    expect(matched('/editor/artigos/3/historico/2')).toEqual(['revision', 'private', { id: '3', versao: '2' }]);
    expect(matched('/editor/artigos/3/historico/2/restaurar')).toEqual(['restore', 'private', { id: '3', versao: '2' }]);
    expect(matched('/editor/previa/3')).toEqual(['preview', 'private', { id: '3' }]);
    expect(matched('/editor/qualquer/coisa')?.[0]).toBe('editor-rest');
    expect(matched('/nada-aqui')).toBeUndefined();
  });

  it('matches no page for a path that does not decode, without react-router\'s console warning', () => {
    const warn = vi.spyOn(console, 'warn');
    expect(matched('/noticias/%')).toBeUndefined();
    expect(matched('/noticias/%c0%ae')).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('matches any spelling of a page, so that the page can redirect it to its one address', () => {
    expect(matched('/NOTICIAS')?.[0]).toBe('news');
    expect(matched('/noticias/')?.[0]).toBe('news');
    expect(matched('/Preco-Prontuario-Eletronico')?.[0]).toBe('plans');
  });

  it('gives the same answer when a path comes again (the match is remembered)', () => {
    expect(table.match('/noticias/77')).toBe(table.match('/noticias/77'));
    expect(table.match('/sem-pagina')).toBe(table.match('/sem-pagina'));
  });

  it('tells crawlers to leave the private pages alone by their shortest prefixes', () => {
    expect(table.privatePrefixes).toEqual(['/novo-artigo', '/editor', '/previa', '/boletim/inscricao', '/boletim/confirmar', '/boletim/cancelar', '/boletim/preferencias']);
  });

  it('keeps every page path in src/routes: no other source spells one', () => {
    const sources = readdirSync('src', { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !file.startsWith(join('src', 'routes')));
    expect(sources.length).toBeGreaterThan(100);
    const pagePath = /['"`]\/(?:noticias|editor|novo-artigo|nao-encontrado|preco-prontuario-eletronico)\b/;
    for (const file of sources) expect(readFileSync(file, 'utf8'), file).not.toMatch(pagePath);
  });
});
