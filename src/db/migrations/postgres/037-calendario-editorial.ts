import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 37,
  name: 'calendário editorial',
  // Issue 33. previsto_para is the São Paulo day (AAAA-MM-DD) a draft is planned for, and id_responsavel
  // the person it falls to; the month view reads the planned drafts through an index that holds only them.
  // A person's calendar feed is found by the sha-256 of its token; the seed is what the token is signed
  // from, so the same URL is given again until the person revokes it (the row is then deleted).
  sql: `
      ALTER TABLE artigos ADD COLUMN previsto_para TEXT;
      ALTER TABLE artigos ADD COLUMN id_responsavel INTEGER;
      CREATE INDEX artigos_previstos ON artigos (previsto_para) WHERE previsto_para IS NOT NULL;
      CREATE TABLE calendario_feeds (
        id_pessoa INTEGER PRIMARY KEY,
        semente TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        criado_em TIMESTAMPTZ NOT NULL
      );
    `,
};
