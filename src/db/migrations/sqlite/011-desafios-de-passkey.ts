import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 11,
  name: 'desafios de passkey',
  // A WebAuthn challenge is answered on whichever instance the browser reaches next: it is kept in
  // the shared database, used once, and short-lived.
  sql: `
      CREATE TABLE desafios_passkey (
        desafio TEXT PRIMARY KEY,
        id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE CASCADE,
        expira_em TEXT NOT NULL
      );
      CREATE INDEX desafios_passkey_expiracao ON desafios_passkey (expira_em);
    `,
};
