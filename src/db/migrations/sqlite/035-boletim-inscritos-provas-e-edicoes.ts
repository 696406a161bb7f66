import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 35,
  name: 'boletim: inscritos, provas e edições',
  // The newsletter. A subscriber is one normalised address; its confirmation link is kept as a digest.
  // Proofs (consent given, confirmation, unsubscribe) are rows of their own keyed by the address's
  // sha-256, so that erasing a subscriber keeps what answers a later complaint. An edition's slot is
  // unique: two instances on the same schedule create one edition. Deliveries made lately, by kind, are
  // what the newsletter's sending rate is measured against.
  sql: `
      CREATE TABLE boletim_inscritos (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        estado TEXT NOT NULL CHECK (estado IN ('pendente', 'confirmado', 'cancelado', 'invalido')),
        temas TEXT NOT NULL,
        token_hash TEXT,
        token_expira_em TEXT,
        falhas_permanentes INTEGER NOT NULL DEFAULT 0,
        envios_confirmacao INTEGER NOT NULL DEFAULT 0,
        envios_desde TEXT,
        criado_em TEXT NOT NULL,
        confirmado_em TEXT,
        cancelado_em TEXT,
        cancelado_como TEXT CHECK (cancelado_como IN ('cabecalho', 'link', 'preferencias')),
        consentimento_texto TEXT NOT NULL,
        consentimento_versao TEXT NOT NULL,
        consentimento_em TEXT NOT NULL,
        consentimento_pagina TEXT,
        consentimento_endereco TEXT
      );
      CREATE UNIQUE INDEX boletim_inscritos_token ON boletim_inscritos (token_hash) WHERE token_hash IS NOT NULL;
      CREATE INDEX boletim_inscritos_pendentes ON boletim_inscritos (consentimento_em) WHERE estado = 'pendente';
      CREATE INDEX boletim_inscritos_confirmados ON boletim_inscritos (id) WHERE estado = 'confirmado';
      CREATE TABLE boletim_provas (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email_sha256 TEXT NOT NULL,
        id_inscrito TEXT,
        tipo TEXT NOT NULL CHECK (tipo IN ('inscricao', 'confirmacao', 'cancelamento')),
        em TEXT NOT NULL,
        texto TEXT,
        versao TEXT,
        pagina TEXT,
        endereco TEXT,
        modo TEXT
      );
      CREATE INDEX boletim_provas_por_email ON boletim_provas (email_sha256);
      CREATE INDEX boletim_provas_por_inscrito ON boletim_provas (id_inscrito) WHERE id_inscrito IS NOT NULL;
      CREATE TABLE boletim_edicoes (
        id TEXT PRIMARY KEY,
        assunto TEXT NOT NULL,
        artigos TEXT NOT NULL,
        vaga TEXT UNIQUE,
        estado TEXT NOT NULL CHECK (estado IN ('rascunho', 'preparando', 'enviada')),
        cursor_inscrito TEXT,
        destinatarios INTEGER NOT NULL DEFAULT 0,
        criada_em TEXT NOT NULL,
        criada_por TEXT,
        enviada_em TEXT,
        ate TEXT
      );
      CREATE INDEX entregas_entregues_por_tipo ON entregas (tipo, entregue_em) WHERE entregue_em IS NOT NULL;
      CREATE INDEX boletim_edicoes_preparando ON boletim_edicoes (criada_em) WHERE estado = 'preparando';
    `,
};
