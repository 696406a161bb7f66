/**
 * Versioned schema of the embedded database. Append only: a released migration never changes.
 * Dates are ISO 8601 UTC strings with milliseconds, so text order is time order.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const SQLITE_MIGRATIONS: Migration[] = [
  {
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
  },
  {
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
  },
];
