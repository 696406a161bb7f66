import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 8,
  name: 'pessoas, convites e registro de auditoria',
  // The audit log is append only, and the database itself refuses to change or delete its rows.
  sql: `
      CREATE TABLE pessoas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        nome TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        papel TEXT NOT NULL CHECK (papel IN ('colaborador', 'autor', 'editor', 'revisor', 'administrador')),
        ativo INTEGER NOT NULL DEFAULT 1,
        senha_hash TEXT,
        criada_em TEXT NOT NULL
      );
      CREATE TABLE convites (
        token_hash TEXT PRIMARY KEY,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        expira_em TEXT NOT NULL,
        usado_em TEXT
      );
      CREATE TABLE auditoria (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        quando TEXT NOT NULL,
        quem TEXT NOT NULL,
        id_pessoa INTEGER,
        acao TEXT NOT NULL,
        id_artigo INTEGER,
        endereco TEXT,
        detalhes TEXT
      );
      CREATE INDEX auditoria_recentes ON auditoria (quando DESC, id DESC);
      ALTER TABLE sessoes_editor ADD COLUMN id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE CASCADE;
      ALTER TABLE artigos ADD COLUMN id_criador INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
      CREATE TRIGGER auditoria_sem_alteracao BEFORE UPDATE ON auditoria
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
      CREATE TRIGGER auditoria_sem_remocao BEFORE DELETE ON auditoria
        BEGIN SELECT RAISE(ABORT, 'o registro de auditoria só aceita acréscimos'); END;
    `,
};
