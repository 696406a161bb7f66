import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 29,
  name: 'segredos compartilhados',
  // The key that signs form tokens and newsletter links: made once, shared by every instance.
  sql: `
      CREATE TABLE segredos (
        nome TEXT PRIMARY KEY,
        valor TEXT NOT NULL,
        criado_em TIMESTAMPTZ NOT NULL
      );
    `,
};
