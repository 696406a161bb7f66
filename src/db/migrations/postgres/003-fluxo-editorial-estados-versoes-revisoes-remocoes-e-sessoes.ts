import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 3,
  name: 'fluxo editorial: estados, versões, revisões, remoções e sessões',
  sql: `
      ALTER TABLE artigos
        ADD COLUMN status TEXT NOT NULL DEFAULT 'publicado'
          CHECK (status IN ('rascunho', 'agendado', 'publicado', 'despublicado')),
        ADD COLUMN publicar_em TIMESTAMPTZ,
        ADD COLUMN versao INTEGER NOT NULL DEFAULT 1,
        ADD COLUMN ja_publicado BOOLEAN NOT NULL DEFAULT true;
      CREATE INDEX artigos_agendados ON artigos (publicar_em) WHERE status = 'agendado';
      CREATE INDEX artigos_alterados ON artigos (data_atualizacao DESC, id DESC);
      CREATE TABLE artigo_revisoes (
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        versao INTEGER NOT NULL,
        autor TEXT NOT NULL,
        data TIMESTAMPTZ NOT NULL,
        acao TEXT NOT NULL CHECK (acao IN ('criado', 'editado', 'publicado', 'agendado', 'despublicado', 'restaurado')),
        instantaneo JSONB NOT NULL,
        PRIMARY KEY (id_artigo, versao)
      );
      INSERT INTO artigo_revisoes (id_artigo, versao, autor, data, acao, instantaneo)
        SELECT id, 1, autor, data_publicacao, 'criado', jsonb_build_object(
          'titulo', titulo, 'titulo_url', titulo_url, 'conteudo', conteudo, 'descricao', descricao,
          'keywords', keywords, 'imagem_nome', imagem_nome, 'imagem_caption', imagem_caption,
          'imagem_width', imagem_width, 'imagem_height', imagem_height, 'status', status, 'publicar_em', publicar_em)
        FROM artigos;
      CREATE TABLE artigos_removidos (id INTEGER PRIMARY KEY, removido_em TIMESTAMPTZ NOT NULL);
      CREATE TABLE sessoes_editor (
        id TEXT PRIMARY KEY,
        autor TEXT NOT NULL,
        criada_em TIMESTAMPTZ NOT NULL,
        expira_em TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX sessoes_editor_expiracao ON sessoes_editor (expira_em);
    `,
};
