import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 12,
  name: 'quem alterou e quem publicou',
  // Who last changed an article and who published (or scheduled) it, and the person behind each
  // revision: a name alone cannot tell two people of the same name apart, nor follow a renamed one.
  sql: `
      ALTER TABLE artigos ADD COLUMN id_ultimo_editor INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
      ALTER TABLE artigos ADD COLUMN id_publicador INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
      ALTER TABLE artigo_revisoes ADD COLUMN id_pessoa INTEGER REFERENCES pessoas (id) ON DELETE SET NULL;
    `,
};
