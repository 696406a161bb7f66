import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 44,
  name: 'campanha das inscrições do boletim',
  // Issue 32: a newsletter sign-up keeps the campaign (utm) of the page that led to its form, as a
  // demonstration request does, so that its confirmation is counted for that campaign. Null: none.
  sql: `
      ALTER TABLE boletim_inscritos ADD COLUMN utm_source TEXT;
      ALTER TABLE boletim_inscritos ADD COLUMN utm_medium TEXT;
      ALTER TABLE boletim_inscritos ADD COLUMN utm_campaign TEXT;
    `,
};
