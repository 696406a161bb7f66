import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 18,
  name: 'temas dos artigos',
  // An article has one to five topics. A topic page lists its public articles newest first: each
  // link carries its article's state and dates (kept in step by a trigger), so the page walks one
  // index by topic in the list's order, as the news list walks artigos_publicos (migration 5). The
  // published articles of each topic are counted as they change, like contadores (migration 6); the
  // scheduled ones already due are few, found by artigo_temas_agendados. A renamed topic keeps its old
  // slugs, which redirect to the new one.
  sql: `
      CREATE TABLE temas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        nome TEXT NOT NULL,
        slug TEXT NOT NULL UNIQUE,
        publicados INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE temas_slugs_antigos (
        slug TEXT PRIMARY KEY,
        id_tema INTEGER NOT NULL REFERENCES temas (id) ON DELETE CASCADE
      );
      CREATE TABLE artigo_temas (
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        id_tema INTEGER NOT NULL REFERENCES temas (id) ON DELETE CASCADE,
        posicao INTEGER NOT NULL,
        status TEXT NOT NULL,
        publicar_em TEXT,
        data_publicacao TEXT NOT NULL,
        PRIMARY KEY (id_artigo, id_tema)
      );
      CREATE INDEX artigo_temas_publicos ON artigo_temas (id_tema, data_publicacao DESC, id_artigo DESC, status, publicar_em);
      CREATE INDEX artigo_temas_agendados ON artigo_temas (id_tema, publicar_em) WHERE status = 'agendado';
      CREATE TRIGGER artigo_temas_seguem_artigo AFTER UPDATE OF status, publicar_em, data_publicacao ON artigos
        WHEN old.status IS NOT new.status OR old.publicar_em IS NOT new.publicar_em OR old.data_publicacao IS NOT new.data_publicacao
        BEGIN
          UPDATE artigo_temas SET status = new.status, publicar_em = new.publicar_em, data_publicacao = new.data_publicacao
            WHERE id_artigo = new.id;
        END;
      CREATE TRIGGER temas_publicado_inserido AFTER INSERT ON artigo_temas WHEN new.status = 'publicado'
        BEGIN UPDATE temas SET publicados = publicados + 1 WHERE id = new.id_tema; END;
      CREATE TRIGGER temas_publicado_removido AFTER DELETE ON artigo_temas WHEN old.status = 'publicado'
        BEGIN UPDATE temas SET publicados = publicados - 1 WHERE id = old.id_tema; END;
      CREATE TRIGGER temas_publicado_alterado AFTER UPDATE OF status ON artigo_temas
        WHEN (old.status = 'publicado') <> (new.status = 'publicado')
        BEGIN
          UPDATE temas SET publicados = publicados + (CASE WHEN new.status = 'publicado' THEN 1 ELSE -1 END) WHERE id = new.id_tema;
        END;
    `,
};
