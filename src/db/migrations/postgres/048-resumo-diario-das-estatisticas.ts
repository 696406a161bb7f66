import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 48,
  name: 'resumo diario das estatisticas',
  // The report's totals read every daily row of the period: 90 days of a site with 100 million views
  // of history are some 800,000 rows, and the page took 20 times as long as with 1 million. People's
  // views per day are also kept by page, referrer, campaign and device (and bots' per day), each
  // walked by its own range; a page's own report finds its rows by path.
  sql: `
      CREATE TABLE estatisticas_resumo (
        tipo TEXT NOT NULL,
        dia TEXT NOT NULL,
        chave TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        visualizacoes INTEGER NOT NULL,
        PRIMARY KEY (tipo, dia, chave, utm_medium, utm_campaign)
      );
      INSERT INTO estatisticas_resumo (tipo, dia, chave, utm_medium, utm_campaign, visualizacoes)
        SELECT 'pagina', dia, caminho, '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 0 GROUP BY dia, caminho
        UNION ALL SELECT 'origem', dia, origem, '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 0 AND origem <> '' GROUP BY dia, origem
        UNION ALL SELECT 'campanha', dia, utm_source, utm_medium, utm_campaign, sum(visualizacoes) FROM estatisticas_dias
          WHERE robo = 0 AND (utm_source <> '' OR utm_medium <> '' OR utm_campaign <> '') GROUP BY dia, utm_source, utm_medium, utm_campaign
        UNION ALL SELECT 'dispositivo', dia, dispositivo, '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 0 GROUP BY dia, dispositivo
        UNION ALL SELECT 'robos', dia, '', '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 1 GROUP BY dia;
      CREATE INDEX estatisticas_dias_por_caminho ON estatisticas_dias (caminho, dia);
      CREATE INDEX estatisticas_visitantes_por_caminho ON estatisticas_visitantes (caminho, dia);
    `,
};
