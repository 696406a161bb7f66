import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 28,
  name: 'entregas por referência',
  // What a delivery is about (a lead, an edition): its page lists them, with the last answer of each.
  sql: `
      ALTER TABLE entregas ADD COLUMN referencia TEXT;
      CREATE INDEX entregas_por_referencia ON entregas (referencia, criada_em) WHERE referencia IS NOT NULL;
    `,
};
