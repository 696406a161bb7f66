import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 49,
  name: 'periodos fechados das estatisticas',
  // The 90-day report grouped some 100,000 summary rows and 90,000 searches at 100 million views of
  // history. The page's standard periods (7, 30, 90 days to today) keep each key's total over their
  // days before yesterday, which no flush writes any more: built once a day (estatisticas_fechamentos
  // says for which days, and its row is the lock instances build under), and the report adds
  // yesterday and today live.
  sql: `
      CREATE TABLE estatisticas_fechamentos (
        dias INTEGER PRIMARY KEY,
        de TEXT NOT NULL,
        ate TEXT NOT NULL
      );
      CREATE TABLE estatisticas_fechadas (
        dias INTEGER NOT NULL,
        tipo TEXT NOT NULL,
        chave TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        visualizacoes BIGINT NOT NULL,
        resultados INTEGER NOT NULL,
        PRIMARY KEY (dias, tipo, chave, utm_medium, utm_campaign)
      );
    `,
};
