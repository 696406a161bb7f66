import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 45,
  name: 'importações do arquivo (WordPress e Markdown)',
  // Issue 34. Each imported item is remembered by its source (the export's site and its post id, or the
  // file's path in the zip): importing the same file twice finds it and creates nothing. The WordPress
  // post id and old path answer the old URLs (/?p=123, /2024/05/slug/) with a 301, each through an index.
  // A job counts what was done, so that an interrupted import shows how far it went and resumes.
  sql: `
      CREATE TABLE importacoes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        origem TEXT NOT NULL,
        arquivo TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        estado TEXT NOT NULL,
        total INTEGER NOT NULL,
        feitos INTEGER NOT NULL DEFAULT 0,
        criados INTEGER NOT NULL DEFAULT 0,
        recusados INTEGER NOT NULL DEFAULT 0,
        autor TEXT NOT NULL,
        id_pessoa INTEGER,
        criada_em TEXT NOT NULL,
        atualizada_em TEXT NOT NULL
      );
      CREATE INDEX importacoes_por_arquivo ON importacoes (sha256, id);
      CREATE TABLE importacao_origens (
        fonte TEXT NOT NULL,
        id_origem TEXT NOT NULL,
        id_artigo INTEGER NOT NULL REFERENCES artigos(id) ON DELETE CASCADE,
        id_importacao INTEGER NOT NULL REFERENCES importacoes(id),
        wp_id INTEGER,
        caminho_antigo TEXT,
        PRIMARY KEY (fonte, id_origem)
      );
      CREATE INDEX importacao_origens_wp_id ON importacao_origens (wp_id) WHERE wp_id IS NOT NULL;
      CREATE INDEX importacao_origens_caminho ON importacao_origens (caminho_antigo) WHERE caminho_antigo IS NOT NULL;
    `,
};
