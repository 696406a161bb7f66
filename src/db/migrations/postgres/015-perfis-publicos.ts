import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 15,
  name: 'perfis públicos',
  // A byline of health content names the person with their council registration and specialties
  // (CFM Resolution 2.336/2023): the profile is public, unlike the account (e-mail, role) it belongs to.
  sql: `
      CREATE TABLE perfis (
        id_pessoa INTEGER PRIMARY KEY REFERENCES pessoas (id) ON DELETE CASCADE,
        nome_publico TEXT NOT NULL,
        slug TEXT NOT NULL UNIQUE,
        tratamento TEXT CHECK (tratamento IN ('Dr.', 'Dra.')),
        profissao TEXT NOT NULL,
        bio TEXT NOT NULL,
        conselho TEXT,
        registro TEXT,
        uf TEXT,
        especialidades TEXT NOT NULL,
        atualizado_em TEXT NOT NULL
      );
      CREATE INDEX artigos_por_criador ON artigos (id_criador, data_publicacao, id);
    `,
};
