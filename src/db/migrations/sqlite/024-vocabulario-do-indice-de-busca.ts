import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 24,
  name: 'vocabulário do índice de busca',
  // The terms of the search index, in order, as a table (FTS5's own view of its index, storing
  // nothing): the editors' search turns a prefix into the few terms it begins (expandPrefixes).
  // PostgreSQL needs none: GIN finds a prefix's terms in its own ordered entries.
  sql: `
      CREATE VIRTUAL TABLE artigos_indice_termos USING fts5vocab(artigos_indice, 'row');
    `,
};
