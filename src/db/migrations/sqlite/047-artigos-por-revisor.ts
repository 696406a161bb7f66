import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 47,
  name: 'artigos por revisor',
  // Issue 34. An author page lists the articles its person approved as reviewer: the approval is JSON in
  // revisao_medica, so the index is on the reviewer's id inside it (the same expression the query uses).
  sql: `
      CREATE INDEX artigos_por_revisor ON artigos (json_extract(revisao_medica, '$.id_pessoa'), data_publicacao DESC, id DESC) WHERE revisao_medica IS NOT NULL;
    `,
};
