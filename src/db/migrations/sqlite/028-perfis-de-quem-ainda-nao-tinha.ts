import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 28,
  name: 'perfis de quem ainda não tinha',
  // Every person who signs an article has an author page: a profile is made of the name at the
  // acceptance of the invitation. Those who already had an account are listed here and given theirs at
  // the next start (createPendingProfiles), where the slug is made from the name as at an acceptance.
  sql: `
      CREATE TABLE perfis_pendentes (id_pessoa INTEGER PRIMARY KEY REFERENCES pessoas (id) ON DELETE CASCADE);
      INSERT INTO perfis_pendentes (id_pessoa) SELECT id FROM pessoas WHERE id NOT IN (SELECT id_pessoa FROM perfis);
    `,
};
