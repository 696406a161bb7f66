import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 3,
  name: 'fluxo editorial: estados, versões, revisões, remoções e sessões',
  sql: `
      ALTER TABLE artigos ADD COLUMN status TEXT NOT NULL DEFAULT 'publicado'
        CHECK (status IN ('rascunho', 'agendado', 'publicado', 'despublicado'));
      ALTER TABLE artigos ADD COLUMN publicar_em TEXT;
      ALTER TABLE artigos ADD COLUMN versao INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE artigos ADD COLUMN ja_publicado INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX artigos_agendados ON artigos (publicar_em) WHERE status = 'agendado';
      CREATE INDEX artigos_alterados ON artigos (data_atualizacao DESC, id DESC);
      CREATE TABLE artigo_revisoes (
        id_artigo INTEGER NOT NULL REFERENCES artigos (id) ON DELETE CASCADE,
        versao INTEGER NOT NULL,
        autor TEXT NOT NULL,
        data TEXT NOT NULL,
        acao TEXT NOT NULL CHECK (acao IN ('criado', 'editado', 'publicado', 'agendado', 'despublicado', 'restaurado')),
        instantaneo TEXT NOT NULL,
        PRIMARY KEY (id_artigo, versao)
      );
      INSERT INTO artigo_revisoes (id_artigo, versao, autor, data, acao, instantaneo)
        SELECT id, 1, autor, data_publicacao, 'criado', json_object(
          'titulo', titulo, 'titulo_url', titulo_url, 'conteudo', conteudo, 'descricao', descricao,
          'keywords', keywords, 'imagem_nome', imagem_nome, 'imagem_caption', imagem_caption,
          'imagem_width', imagem_width, 'imagem_height', imagem_height, 'status', status, 'publicar_em', publicar_em)
        FROM artigos;
      CREATE TABLE artigos_removidos (id INTEGER PRIMARY KEY, removido_em TEXT NOT NULL);
      CREATE TABLE sessoes_editor (
        id TEXT PRIMARY KEY,
        autor TEXT NOT NULL,
        criada_em TEXT NOT NULL,
        expira_em TEXT NOT NULL
      );
      CREATE INDEX sessoes_editor_expiracao ON sessoes_editor (expira_em);
    `,
};
