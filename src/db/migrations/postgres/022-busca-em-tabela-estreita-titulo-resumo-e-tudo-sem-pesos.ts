import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 22,
  name: 'busca em tabela estreita: título, resumo e tudo, sem pesos',
  // The vectors lived in the article's row, which holds the body: counting a common word's matches read
  // 26,000 heap pages of articles, and a weighted query (t:A) made GIN recheck every match against the
  // body's vector (1.5 s for a search at 100,000 articles). They move to a narrow table of their own, one
  // vector per set of fields (the title, the title with the description, everything), each with a GIN
  // index asked without weights, so never rechecked. The articles that are not public are indexed apart:
  // the search takes their matches away from counts made in the narrow table alone.
  sql: `
      CREATE TABLE artigos_termos (
        id integer PRIMARY KEY REFERENCES artigos (id) ON DELETE CASCADE,
        titulo tsvector NOT NULL,
        resumo tsvector NOT NULL,
        tudo tsvector NOT NULL
      );
      INSERT INTO artigos_termos (id, titulo, resumo, tudo)
        SELECT id, to_tsvector('portuguese', texto_busca(titulo)),
          to_tsvector('portuguese', texto_busca(titulo)) || to_tsvector('portuguese', texto_busca(descricao)),
          COALESCE(busca, vetor_busca(titulo, descricao, conteudo))
        FROM artigos;
      DROP TRIGGER artigos_busca ON artigos;
      ALTER TABLE artigos DROP COLUMN busca;
      CREATE OR REPLACE FUNCTION artigos_busca() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO artigos_termos (id, titulo, resumo, tudo)
          VALUES (NEW.id, to_tsvector('portuguese', texto_busca(NEW.titulo)),
            to_tsvector('portuguese', texto_busca(NEW.titulo)) || to_tsvector('portuguese', texto_busca(NEW.descricao)),
            vetor_busca(NEW.titulo, NEW.descricao, NEW.conteudo))
          ON CONFLICT (id) DO UPDATE SET titulo = excluded.titulo, resumo = excluded.resumo, tudo = excluded.tudo;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER artigos_busca AFTER INSERT OR UPDATE OF titulo, descricao, conteudo ON artigos
        FOR EACH ROW EXECUTE FUNCTION artigos_busca();
      CREATE INDEX artigos_termos_titulo ON artigos_termos USING GIN (titulo);
      CREATE INDEX artigos_termos_resumo ON artigos_termos USING GIN (resumo);
      CREATE INDEX artigos_termos_tudo ON artigos_termos USING GIN (tudo);
      CREATE INDEX artigos_nao_publicados ON artigos (id) WHERE status <> 'publicado';
    `,
};
