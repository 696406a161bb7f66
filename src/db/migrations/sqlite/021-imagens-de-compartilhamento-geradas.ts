import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 21,
  name: 'imagens de compartilhamento geradas',
  // One per article at a time: the repository replaces the image an older title had.
  sql: `
      CREATE TABLE artigo_imagens_compartilhamento (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        arquivo TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (id_artigo, arquivo)
      );
    `,
};
