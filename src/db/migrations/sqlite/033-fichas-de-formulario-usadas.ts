import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 33,
  name: 'fichas de formulário usadas',
  // A public form's signed time token is good once: its nonce is kept here, by every instance, until the
  // token would have expired anyway (ALTCHA challenges too).
  sql: `
      CREATE TABLE fichas_gastas (
        nonce TEXT PRIMARY KEY,
        expira_em TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX fichas_gastas_expiracao ON fichas_gastas (expira_em);
    `,
};
