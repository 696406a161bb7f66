import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 22,
  name: 'artigos não públicos por índice, para a contagem da busca',
  // The public search counts its matches in the search index alone, which holds every state, and takes
  // away the matches that are not public: those few are found here without reading the articles.
  sql: `
      CREATE INDEX artigos_nao_publicados ON artigos (id, status, publicar_em) WHERE status <> 'publicado';
    `,
};
