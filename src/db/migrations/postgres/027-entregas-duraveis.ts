import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 27,
  name: 'entregas duráveis',
  // The outbox: one row per delivery that leaves the process (e-mail first), written with the fact
  // that caused it and sent by whichever instance claims it. The id is the one the receiver deduplicates
  // on; the key makes enqueueing the same thing twice one row.
  sql: `
      CREATE TABLE entregas (
        id TEXT PRIMARY KEY,
        tipo TEXT NOT NULL,
        carga TEXT NOT NULL,
        estado TEXT NOT NULL CHECK (estado IN ('pendente', 'enviando', 'entregue', 'falhou')),
        tentativas INTEGER NOT NULL DEFAULT 0,
        proxima_tentativa_em TIMESTAMPTZ NOT NULL,
        reservada_ate TIMESTAMPTZ,
        ultima_resposta TEXT,
        chave TEXT UNIQUE,
        criada_em TIMESTAMPTZ NOT NULL,
        entregue_em TIMESTAMPTZ
      );
      CREATE INDEX entregas_a_fazer ON entregas (proxima_tentativa_em) WHERE estado = 'pendente';
      CREATE INDEX entregas_reservadas ON entregas (reservada_ate) WHERE estado = 'enviando';
    `,
};
