import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 19,
  name: 'busca em português: título, descrição e corpo',
  // The portuguese configuration over unaccent(), the title weighing A, the description B and the body
  // C. The text is first cut into the words the SQLite side indexes (letters and digits, tags and
  // entities dropped), so that PostgreSQL's parser cannot read "13.787" or "e-mail" as one token where
  // SQLite reads two: both databases must find the same articles.
  sql: `
      CREATE FUNCTION texto_busca(texto text) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT regexp_replace(lower(unaccent(texto)), '[^a-z0-9]+', ' ', 'g')
      $$;
      CREATE FUNCTION vetor_busca(titulo text, descricao text, conteudo text) RETURNS tsvector LANGUAGE sql STABLE AS $$
        SELECT setweight(to_tsvector('portuguese', texto_busca(titulo)), 'A')
          || setweight(to_tsvector('portuguese', texto_busca(descricao)), 'B')
          || setweight(to_tsvector('portuguese', texto_busca(
               regexp_replace(conteudo, '<[^>]*>|&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);', ' ', 'gi'))), 'C')
      $$;
      CREATE OR REPLACE FUNCTION artigos_busca() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.busca := vetor_busca(NEW.titulo, NEW.descricao, NEW.conteudo);
        RETURN NEW;
      END
      $$;
      DROP TRIGGER artigos_busca ON artigos;
      CREATE TRIGGER artigos_busca BEFORE INSERT OR UPDATE OF titulo, descricao, conteudo ON artigos
        FOR EACH ROW EXECUTE FUNCTION artigos_busca();
      UPDATE artigos SET busca = vetor_busca(titulo, descricao, conteudo);
    `,
};
