import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 19,
  name: 'busca em português: título, descrição e corpo',
  // SQLite cannot run a JavaScript tokenizer, so the repository indexes the Portuguese terms it computes
  // (src/lib/search-text.ts) on every write, in a contentless FTS5 table: the snippet is made from the
  // article itself. Existing articles wait in indice_pendente until the repository indexes them at
  // the next start. A deletion from any path leaves the index by the trigger.
  sql: `
      DROP TRIGGER artigos_busca_inserido;
      DROP TRIGGER artigos_busca_removido;
      DROP TRIGGER artigos_busca_alterado;
      DROP TABLE artigos_busca;
      CREATE VIRTUAL TABLE artigos_indice USING fts5(
        titulo, descricao, corpo, content = '', contentless_delete = 1, detail = column, tokenize = 'unicode61');
      CREATE TABLE indice_pendente (id INTEGER PRIMARY KEY);
      INSERT INTO indice_pendente (id) SELECT id FROM artigos;
      CREATE TRIGGER artigos_indice_removido AFTER DELETE ON artigos BEGIN
        DELETE FROM artigos_indice WHERE rowid = old.id;
        DELETE FROM indice_pendente WHERE id = old.id;
      END;
    `,
};
