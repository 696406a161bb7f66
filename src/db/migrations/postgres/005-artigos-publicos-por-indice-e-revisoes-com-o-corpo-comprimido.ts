import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 5,
  name: 'artigos públicos por índice e revisões com o corpo comprimido',
  // Lists and counts of public articles become index-only scans, never reading article bodies.
  sql: `
      CREATE INDEX artigos_publicos
        ON artigos (data_publicacao DESC, id DESC) INCLUDE (status, publicar_em, data_atualizacao, titulo_url);
      ALTER TABLE artigo_revisoes ADD COLUMN conteudo_gz BYTEA;
    `,
};
