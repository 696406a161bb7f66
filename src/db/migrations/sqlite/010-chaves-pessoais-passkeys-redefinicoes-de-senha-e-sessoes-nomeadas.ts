import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 10,
  name: 'chaves pessoais, passkeys, redefinições de senha e sessões nomeadas',
  // Personal API keys and reset links keep only a sha-256 of their secret. A session records how it was
  // opened and from where, so that its owner can recognise and end it.
  sql: `
      CREATE TABLE chaves_pessoais (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        chave_hash TEXT NOT NULL UNIQUE,
        criada_em TEXT NOT NULL,
        usada_em TEXT
      );
      CREATE INDEX chaves_pessoais_por_pessoa ON chaves_pessoais (id_pessoa);
      CREATE TABLE passkeys (
        id TEXT PRIMARY KEY,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        nome TEXT NOT NULL,
        chave_publica TEXT NOT NULL,
        contador INTEGER NOT NULL,
        transportes TEXT,
        criada_em TEXT NOT NULL,
        usada_em TEXT
      );
      CREATE INDEX passkeys_por_pessoa ON passkeys (id_pessoa);
      CREATE TABLE passkey_exigida (
        papel TEXT PRIMARY KEY CHECK (papel IN ('colaborador', 'autor', 'editor', 'revisor', 'administrador'))
      );
      CREATE TABLE redefinicoes_senha (
        token_hash TEXT PRIMARY KEY,
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        expira_em TEXT NOT NULL,
        usado_em TEXT
      );
      ALTER TABLE sessoes_editor ADD COLUMN metodo TEXT NOT NULL DEFAULT 'chave';
      ALTER TABLE sessoes_editor ADD COLUMN endereco TEXT;
      ALTER TABLE sessoes_editor ADD COLUMN navegador TEXT;
      CREATE INDEX sessoes_editor_por_pessoa ON sessoes_editor (id_pessoa);
    `,
};
