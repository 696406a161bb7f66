import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 36,
  name: 'próxima revisão médica e correções',
  // Issue 33. proxima_revisao is the São Paulo calendar day (AAAA-MM-DD) until which a review holds.
  // The queue reads overdue and due articles by state and date, and those awaiting a review by the flag
  // of migration 17, each through an index rather than a walk of every article. The dates' index leads
  // with the date and holds only dated articles: one led by status gave SQLite an OR plan for the public
  // lists (status = 'publicado' OR ...) that failed with "internal query planner error".
  // A correction is only ever followed by another: rows are added, never changed.
  sql: `
      ALTER TABLE artigos ADD COLUMN proxima_revisao TEXT;
      CREATE INDEX artigos_revisao_devida ON artigos (proxima_revisao, status) WHERE proxima_revisao IS NOT NULL;
      CREATE INDEX artigos_revisao_pendente ON artigos (aguardando_revisao, status);
      CREATE TABLE artigo_correcoes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_artigo INTEGER NOT NULL REFERENCES artigos(id) ON DELETE CASCADE,
        texto TEXT NOT NULL,
        data TEXT NOT NULL,
        id_pessoa INTEGER,
        autor TEXT NOT NULL
      );
      CREATE INDEX artigo_correcoes_do_artigo ON artigo_correcoes (id_artigo, data);
    `,
};
