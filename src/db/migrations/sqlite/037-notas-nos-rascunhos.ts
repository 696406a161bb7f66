import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 37,
  name: 'notas nos rascunhos',
  // Issue 33. Notes of the team on a draft or a pending change, with their replies: never shown to readers.
  // A note keeps the quote it was anchored to and where it stood in the text then (offsets in the body's
  // plain text), so that a later edit can be told apart from the quote. Resolved and announced are instants,
  // not flags: who resolved and when is shown, and the authors' e-mail batches read when the last one went.
  sql: `
      CREATE TABLE artigo_notas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos(id) ON DELETE CASCADE,
        texto TEXT NOT NULL,
        trecho TEXT,
        trecho_inicio INTEGER,
        trecho_fim INTEGER,
        id_pessoa INTEGER,
        autor TEXT NOT NULL,
        criada_em TEXT NOT NULL,
        resolvida_em TEXT,
        resolvida_por TEXT,
        avisada_em TEXT
      );
      CREATE INDEX artigo_notas_do_artigo ON artigo_notas (id_artigo, criada_em);
      CREATE INDEX artigo_notas_por_avisar ON artigo_notas (id_artigo) WHERE avisada_em IS NULL;
      CREATE TABLE artigo_nota_respostas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_nota INTEGER NOT NULL REFERENCES artigo_notas(id) ON DELETE CASCADE,
        texto TEXT NOT NULL,
        id_pessoa INTEGER,
        autor TEXT NOT NULL,
        criada_em TEXT NOT NULL
      );
      CREATE INDEX artigo_nota_respostas_da_nota ON artigo_nota_respostas (id_nota, criada_em);
    `,
};
