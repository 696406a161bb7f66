import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 34,
  name: 'permissoes das pessoas',
  // Rights an administrator grants beside the role (ver-contatos), as a JSON array of their names.
  sql: `
      ALTER TABLE pessoas ADD COLUMN permissoes TEXT NOT NULL DEFAULT '[]';
    `,
};
