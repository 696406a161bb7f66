import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 17,
  name: 'artigos aguardando revisão médica',
  // The editors' list shows and filters the clinical articles whose current text no doctor approved.
  // Whether a review still holds compares digests of the text, which SQL cannot: every write keeps this
  // flag in step instead.
  sql: `
      ALTER TABLE artigos ADD COLUMN aguardando_revisao INTEGER NOT NULL DEFAULT 0;
    `,
};
