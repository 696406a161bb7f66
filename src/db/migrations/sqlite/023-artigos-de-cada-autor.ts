import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 23,
  name: 'artigos de cada autor',
  // An author page lists the articles a person signs (autores, a JSON list), not only those they
  // created: a co-author's byline linked to a page that answered 404. This table is that list as rows,
  // kept in step by triggers from whatever path writes autores, so the page reads an index by person.
  sql: `
      CREATE TABLE artigo_autores (
        id_pessoa INTEGER NOT NULL,
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        PRIMARY KEY (id_pessoa, id_artigo)
      ) WITHOUT ROWID;
      CREATE INDEX artigo_autores_artigo ON artigo_autores (id_artigo);
      INSERT OR IGNORE INTO artigo_autores (id_pessoa, id_artigo)
        SELECT CAST(autor.value AS INTEGER), artigos.id FROM artigos, json_each(artigos.autores) AS autor;
      CREATE TRIGGER artigo_autores_inserido AFTER INSERT ON artigos BEGIN
        INSERT OR IGNORE INTO artigo_autores (id_pessoa, id_artigo) SELECT CAST(value AS INTEGER), new.id FROM json_each(new.autores);
      END;
      CREATE TRIGGER artigo_autores_alterado AFTER UPDATE OF autores ON artigos WHEN old.autores IS NOT new.autores BEGIN
        DELETE FROM artigo_autores WHERE id_artigo = new.id;
        INSERT OR IGNORE INTO artigo_autores (id_pessoa, id_artigo) SELECT CAST(value AS INTEGER), new.id FROM json_each(new.autores);
      END;
    `,
};
