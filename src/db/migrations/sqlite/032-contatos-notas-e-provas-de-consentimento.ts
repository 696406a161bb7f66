import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 32,
  name: 'contatos, notas e provas de consentimento',
  // Demonstration requests. The consent proof is a table of its own: erasing a lead deletes it and its
  // notes, and its proof stays, holding only the e-mail's sha-256 (id_contato set to null). `busca` is the
  // searchable text folded (no accents, lower case). The list is read newest first, whole or by state,
  // page, article or campaign: an index for each, ending in (criado_em, id) for the keyset paging.
  sql: `
      CREATE TABLE contatos (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        nome TEXT NOT NULL,
        email TEXT NOT NULL,
        telefone TEXT NOT NULL,
        perfil TEXT NOT NULL CHECK (perfil IN ('medico-consultorio', 'clinica', 'secretaria-gestor', 'outro')),
        profissionais INTEGER,
        especialidade TEXT,
        mensagem TEXT,
        origem_pagina TEXT,
        origem_artigo INTEGER,
        utm_source TEXT,
        utm_medium TEXT,
        utm_campaign TEXT,
        utm_term TEXT,
        utm_content TEXT,
        estado TEXT NOT NULL DEFAULT 'novo' CHECK (estado IN ('novo', 'em-contato', 'cliente', 'descartado')),
        busca TEXT NOT NULL,
        criado_em TEXT NOT NULL,
        atualizado_em TEXT NOT NULL
      );
      CREATE INDEX contatos_recentes ON contatos (criado_em DESC, id DESC);
      CREATE INDEX contatos_por_estado ON contatos (estado, criado_em DESC, id DESC);
      CREATE INDEX contatos_por_pagina ON contatos (origem_pagina, criado_em DESC, id DESC) WHERE origem_pagina IS NOT NULL;
      CREATE INDEX contatos_por_artigo ON contatos (origem_artigo, criado_em DESC, id DESC) WHERE origem_artigo IS NOT NULL;
      CREATE INDEX contatos_por_campanha ON contatos (utm_campaign, criado_em DESC, id DESC) WHERE utm_campaign IS NOT NULL;
      CREATE INDEX contatos_por_email ON contatos (email);
      CREATE TABLE notas_de_contato (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_contato INTEGER NOT NULL REFERENCES contatos (id) ON DELETE CASCADE,
        id_autor INTEGER REFERENCES pessoas (id) ON DELETE SET NULL,
        nome_autor TEXT NOT NULL,
        texto TEXT NOT NULL,
        criada_em TEXT NOT NULL
      );
      CREATE INDEX notas_de_contato_por_contato ON notas_de_contato (id_contato, criada_em);
      CREATE TABLE provas_de_consentimento (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        id_contato INTEGER UNIQUE REFERENCES contatos (id) ON DELETE SET NULL,
        email_sha256 TEXT NOT NULL,
        texto_pedido TEXT NOT NULL,
        texto_conteudo TEXT NOT NULL,
        versao TEXT NOT NULL,
        aceita_conteudo INTEGER NOT NULL CHECK (aceita_conteudo IN (0, 1)),
        em TEXT NOT NULL,
        pagina TEXT NOT NULL,
        endereco_truncado TEXT NOT NULL
      );
      CREATE INDEX provas_de_consentimento_por_email ON provas_de_consentimento (email_sha256);
    `,
};
