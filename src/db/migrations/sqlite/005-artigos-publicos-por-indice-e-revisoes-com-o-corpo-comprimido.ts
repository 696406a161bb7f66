import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 5,
  name: 'artigos públicos por índice e revisões com o corpo comprimido',
  // Every column after conteudo sits past the overflow pages of a long article: lists, counts and the
  // sitemap filter, sort and read in this index, and a list page reads only its own rows. A revision's body is kept gzip-compressed beside the rest of its snapshot.
  sql: `
      CREATE INDEX artigos_publicos
        ON artigos (data_publicacao DESC, id DESC, status, publicar_em, data_atualizacao, titulo_url);
      ALTER TABLE artigo_revisoes ADD COLUMN conteudo_gz BLOB;
    `,
};
