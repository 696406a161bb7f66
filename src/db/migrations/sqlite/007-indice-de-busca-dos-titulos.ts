import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 7,
  name: 'índice de busca dos títulos',
  // The editors' search read every title (LIKE '%…%', 100 ms at 100,000 articles). An FTS5 index of the
  // titles, accents folded, kept in step by triggers.
  sql: `
      CREATE VIRTUAL TABLE artigos_busca USING fts5(
        titulo, content = 'artigos', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO artigos_busca (artigos_busca) VALUES ('rebuild');
      CREATE TRIGGER artigos_busca_inserido AFTER INSERT ON artigos BEGIN
        INSERT INTO artigos_busca (rowid, titulo) VALUES (new.id, new.titulo);
      END;
      CREATE TRIGGER artigos_busca_removido AFTER DELETE ON artigos BEGIN
        INSERT INTO artigos_busca (artigos_busca, rowid, titulo) VALUES ('delete', old.id, old.titulo);
      END;
      CREATE TRIGGER artigos_busca_alterado AFTER UPDATE OF titulo ON artigos BEGIN
        INSERT INTO artigos_busca (artigos_busca, rowid, titulo) VALUES ('delete', old.id, old.titulo);
        INSERT INTO artigos_busca (rowid, titulo) VALUES (new.id, new.titulo);
      END;
    `,
};
