import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 24,
  name: 'tentativas de entrada',
  // Sign-in attempts per client address, account and the two together, in fixed windows: in the
  // database, so that every instance counts the same attempts and a parallel burst is counted in order.
  sql: `
      CREATE TABLE tentativas_entrada (
        nome TEXT PRIMARY KEY,
        tentativas INTEGER NOT NULL,
        termina_em TEXT NOT NULL
      );
      CREATE INDEX tentativas_entrada_termino ON tentativas_entrada (termina_em);
    `,
};
