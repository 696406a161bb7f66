import type { NewArticle } from '../../src/db/repository.js';

let serial = 0;

/** A new article with a title and slug of its own, for contract tests that create many. */
export function numberedArticle(overrides: Partial<NewArticle> = {}): NewArticle {
  serial += 1;
  return {
    titulo: `Artigo ${serial}`,
    titulo_url: `artigo-${serial}`,
    descricao: 'Descrição.',
    keywords: '',
    conteudo: '<p>Texto.</p>',
    autor: 'Dra. Helena Martins',
    ...overrides,
  };
}
