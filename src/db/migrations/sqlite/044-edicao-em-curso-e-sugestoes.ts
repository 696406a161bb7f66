import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 44,
  name: 'edição em curso e sugestões',
  // One person edits an article at a time (issue 34): the lock lives in the database so every instance
  // sees it, and lapses when its holder's heartbeats stop. A save by someone whose lock was taken over
  // is kept here as a suggestion, one per editing tab, instead of being lost or overwriting the article.
  sql: `
      CREATE TABLE edicoes_em_curso (
        id_artigo INTEGER PRIMARY KEY REFERENCES artigos (id) ON DELETE CASCADE,
        titular TEXT NOT NULL,
        nome TEXT NOT NULL,
        id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE SET NULL,
        desde TEXT NOT NULL,
        expira_em TEXT NOT NULL
      );
      CREATE TABLE artigo_sugestoes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        titular TEXT NOT NULL,
        autor TEXT NOT NULL,
        id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE SET NULL,
        versao_base INTEGER NOT NULL,
        data TEXT NOT NULL,
        conteudo TEXT NOT NULL,
        UNIQUE (id_artigo, titular)
      );
    `,
};
