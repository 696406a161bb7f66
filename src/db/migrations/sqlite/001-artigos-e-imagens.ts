import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 1,
  name: 'artigos e imagens',
  sql: `
      CREATE TABLE artigos (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        titulo TEXT NOT NULL,
        titulo_url TEXT NOT NULL,
        conteudo TEXT NOT NULL,
        descricao TEXT NOT NULL,
        keywords TEXT NOT NULL,
        data_publicacao TEXT NOT NULL,
        data_atualizacao TEXT NOT NULL,
        autor TEXT NOT NULL,
        imagem_nome TEXT,
        imagem_caption TEXT,
        imagem_width INTEGER,
        imagem_height INTEGER
      );
      CREATE INDEX artigos_recentes ON artigos (data_publicacao DESC, id DESC);
      CREATE TABLE artigo_imagens (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        content_type TEXT NOT NULL,
        bytes BLOB NOT NULL,
        etag TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (id_artigo, nome)
      );
    `,
};
