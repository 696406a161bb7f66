import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 43,
  name: 'imagens ligadas a outros artigos',
  // Issue 34. An image of the library used in another article is a name in that article pointing at the
  // one stored image: no bytes are copied, and its URLs sit under the article that uses it, so they are
  // public exactly when that article is. Removing either side removes the link.
  sql: `
      CREATE TABLE artigo_imagem_ligacoes (
        id_artigo INTEGER NOT NULL REFERENCES artigos(id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        id_imagem INTEGER NOT NULL REFERENCES artigo_imagens(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        PRIMARY KEY (id_artigo, nome)
      );
      CREATE INDEX artigo_imagem_ligacoes_da_imagem ON artigo_imagem_ligacoes (id_imagem);
    `,
};
