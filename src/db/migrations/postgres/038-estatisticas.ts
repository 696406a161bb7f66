import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 38,
  name: 'estatisticas',
  // Cookie-free statistics (issue 32, decision 029): counts only, never an address or a user agent.
  // Views per hour (kept STATS_HOURLY_DAYS) and per São Paulo day (kept STATS_DAILY_MONTHS, what the
  // page reads); '' stands for "none" in the key columns so that they can be part of the primary key.
  sql: `
      CREATE TABLE estatisticas_horas (
        hora TEXT NOT NULL,
        caminho TEXT NOT NULL,
        origem TEXT NOT NULL,
        utm_source TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        dispositivo TEXT NOT NULL,
        robo INTEGER NOT NULL,
        visualizacoes INTEGER NOT NULL,
        PRIMARY KEY (hora, caminho, origem, utm_source, utm_medium, utm_campaign, dispositivo, robo)
      );
      CREATE TABLE estatisticas_dias (
        dia TEXT NOT NULL,
        caminho TEXT NOT NULL,
        origem TEXT NOT NULL,
        utm_source TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        dispositivo TEXT NOT NULL,
        robo INTEGER NOT NULL,
        visualizacoes INTEGER NOT NULL,
        PRIMARY KEY (dia, caminho, origem, utm_source, utm_medium, utm_campaign, dispositivo, robo)
      );
      CREATE TABLE estatisticas_buscas (
        dia TEXT NOT NULL,
        termo TEXT NOT NULL,
        resultados INTEGER NOT NULL,
        vezes INTEGER NOT NULL,
        PRIMARY KEY (dia, termo)
      );
    `,
};
