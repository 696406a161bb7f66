import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 14,
  name: 'texto alternativo da imagem principal',
  // What the main image shows, for whoever cannot see it; the caption says something else (credit,
  // context). Null keeps the old behaviour: the caption serves as the alternative text.
  sql: `
      ALTER TABLE artigos ADD COLUMN imagem_alt TEXT;
    `,
};
