import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 2,
  name: 'imagens processadas e variantes',
  sql: `
      ALTER TABLE artigo_imagens ADD COLUMN width INTEGER;
      ALTER TABLE artigo_imagens ADD COLUMN height INTEGER;
      ALTER TABLE artigo_imagens ADD COLUMN has_alpha INTEGER;
      ALTER TABLE artigo_imagens ADD COLUMN animated INTEGER;
      CREATE TABLE artigo_imagem_variantes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_imagem INTEGER NOT NULL REFERENCES artigo_imagens (id) ON DELETE CASCADE,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        arquivo TEXT NOT NULL,
        papel TEXT NOT NULL CHECK (papel IN ('responsiva', 'social')),
        formato TEXT NOT NULL,
        content_type TEXT NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        tamanho INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (id_artigo, arquivo)
      );
      CREATE INDEX artigo_imagem_variantes_imagem ON artigo_imagem_variantes (id_imagem);
    `,
};
