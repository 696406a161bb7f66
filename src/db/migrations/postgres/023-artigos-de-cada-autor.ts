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
      );
      CREATE INDEX artigo_autores_artigo ON artigo_autores (id_artigo);
      INSERT INTO artigo_autores (id_pessoa, id_artigo)
        SELECT DISTINCT autor::integer, artigos.id FROM artigos, jsonb_array_elements_text(artigos.autores::jsonb) AS autor;
      CREATE FUNCTION artigo_autores_seguem() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM artigo_autores WHERE id_artigo = NEW.id;
        END IF;
        INSERT INTO artigo_autores (id_pessoa, id_artigo)
          SELECT DISTINCT autor::integer, NEW.id FROM jsonb_array_elements_text(NEW.autores::jsonb) AS autor
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER artigo_autores_inserido AFTER INSERT ON artigos FOR EACH ROW EXECUTE FUNCTION artigo_autores_seguem();
      CREATE TRIGGER artigo_autores_alterado AFTER UPDATE OF autores ON artigos FOR EACH ROW
        WHEN (OLD.autores IS DISTINCT FROM NEW.autores) EXECUTE FUNCTION artigo_autores_seguem();
    `,
};
