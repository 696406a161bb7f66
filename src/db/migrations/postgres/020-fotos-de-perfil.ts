import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 20,
  name: 'fotos de perfil',
  // The square variants of a person's photo, replaced all at once: each name holds a hash of its bytes,
  // so the author page links them as immutable. Kept apart from the profile so that a person may add
  // a photo before the rest, and the profile's reads never carry the bytes.
  sql: `
      CREATE TABLE perfil_fotos (
        id_pessoa INTEGER NOT NULL REFERENCES pessoas (id) ON DELETE CASCADE,
        arquivo TEXT NOT NULL,
        formato TEXT NOT NULL,
        content_type TEXT NOT NULL,
        largura INTEGER NOT NULL,
        altura INTEGER NOT NULL,
        tamanho INTEGER NOT NULL,
        bytes BYTEA NOT NULL,
        etag TEXT NOT NULL,
        criado_em TEXT NOT NULL,
        PRIMARY KEY (id_pessoa, arquivo)
      );
    `,
};
