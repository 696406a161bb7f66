import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 38,
  name: 'prévias compartilhadas',
  // Issue 33. A share link shows one version to someone without an account: the version's fields are
  // copied into the row when the link is made, so a later save (or the pruning of old revisions) never
  // changes what it shows. Only the sha-256 of the token is kept: the database alone opens no link.
  sql: `
      CREATE TABLE artigo_previas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos(id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        versao INTEGER NOT NULL,
        conteudo TEXT NOT NULL,
        criado_em TEXT NOT NULL,
        expira_em TEXT NOT NULL,
        max_visualizacoes INTEGER,
        visualizacoes INTEGER NOT NULL DEFAULT 0,
        revogado_em TEXT,
        id_pessoa INTEGER,
        autor TEXT NOT NULL
      );
      CREATE INDEX artigo_previas_do_artigo ON artigo_previas (id_artigo, criado_em);
    `,
};
