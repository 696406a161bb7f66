/**
 * Issue 32's history at scale, written straight into the statistics tables as the flush and the sweep
 * leave them: daily rows for STATS_DAILY_MONTHS (25 months) and their daily summary, hourly rows for STATS_HOURLY_DAYS (90 days),
 * each past day's visitors folded per page and for the whole site, and the day's searches. Bulk SQL
 * (recursive CTEs on SQLite, generate_series on PostgreSQL): 100 million views are some ten million rows.
 *
 * The shape of a day: rows of eight kinds in turn (direct from a computer and a phone, a search engine
 * from either, one of 200 sites, a campaign, a search engine's bot, a site from a computer) over pages
 * that move from day to day across 5,000 (five of the site's own pages, the rest article paths). A
 * busier site has more distinct rows a day and more views on each (about the square root of the day's
 * views over 25), as counting into (hour, path, referrer, campaign, device) does.
 */
import pg from 'pg';
import Database from 'better-sqlite3';
import { addDays, hourOf, siteDayOf } from '../src/lib/stats-time.js';

const DAILY_DAYS = 760;
const HOURLY_HOURS = 90 * 24;
const PATHS = 5_000;
const SEARCH_TERMS = 20_000;
/** At most this many distinct terms a day (the tally keeps 1,000 an hour). */
const TERMS_PER_DAY = 1_000;

interface Shape {
  /** Rows and average views a row, per day and per hour. */
  dayRows: number;
  dayViews: number;
  hourRows: number;
  hourViews: number;
  terms: number;
}

function shapeOf(views: number): Shape {
  const perDay = views / DAILY_DAYS;
  const perHour = perDay / 24;
  const average = (count: number) => Math.max(2, Math.round(Math.sqrt(count) / 25));
  return {
    dayRows: Math.round(perDay / average(perDay)),
    dayViews: average(perDay),
    hourRows: Math.max(8, Math.round(perHour / average(perHour))),
    hourViews: average(perHour),
    terms: Math.min(TERMS_PER_DAY, Math.ceil(perDay / 130)),
  };
}

interface Dialect {
  /** A FROM clause listing the series, and what must precede the SELECT for them. */
  series(names: Record<string, number>): { with: string; from: string };
  /** The day `k` days after `first`, "AAAA-MM-DD". */
  day(first: string, k: string): string;
  /** The UTC hour `h` hours after `first`, "2026-11-27T14". */
  hour(first: string, h: string): string;
}

const SQLITE: Dialect = {
  series: (names) => ({
    with: `WITH RECURSIVE ${Object.entries(names)
      .map(([name, count]) => `${name}(${name}) AS (SELECT 0 UNION ALL SELECT ${name} + 1 FROM ${name} WHERE ${name} + 1 < ${count})`)
      .join(', ')}`,
    from: Object.keys(names).join(', '),
  }),
  day: (first, k) => `date('${first}', '+' || ${k} || ' days')`,
  hour: (first, h) => `strftime('%Y-%m-%dT%H', '${first}:00:00', '+' || ${h} || ' hours')`,
};

const POSTGRES: Dialect = {
  series: (names) => ({
    with: '',
    from: Object.entries(names)
      .map(([name, count]) => `generate_series(0, ${count - 1}) AS ${name}_(${name})`)
      .join(', '),
  }),
  day: (first, k) => `to_char(date '${first}' + ${k}, 'YYYY-MM-DD')`,
  hour: (first, h) => `to_char(timestamp '${first}:00:00' + ${h} * interval '1 hour', 'YYYY-MM-DD"T"HH24')`,
};

const VIEW_COLUMNS = 'caminho, origem, utm_source, utm_medium, utm_campaign, dispositivo, robo, visualizacoes';

/** Row `i` of period `k`: its kind is i % 8, its page moves with k so that a period's pages are distinct within a kind. */
function viewRow(k: string, i: string, averageViews: number): string {
  const kind = `(${i} % 8)`;
  const m = `(${i} / 8)`;
  const page = `((${m} * 7 + ${k} * 13) % ${PATHS})`;
  return [
    `CASE ${page} WHEN 0 THEN '/' WHEN 1 THEN '/noticias' WHEN 2 THEN '/preco-prontuario-eletronico' WHEN 3 THEN '/demonstracao' WHEN 4 THEN '/noticias/busca'
       ELSE '/noticias/' || ${page} || '/2026/artigo-' || ${page} END`,
    `CASE ${kind} WHEN 2 THEN 'www.google.com' WHEN 3 THEN 'www.google.com' WHEN 4 THEN 'site-' || (${m} % 200) || '.com.br'
       WHEN 7 THEN 'site-' || (${m} % 200) || '.com.br' WHEN 5 THEN 'l.instagram.com' ELSE '' END`,
    `CASE WHEN ${kind} = 5 THEN (CASE ${m} % 4 WHEN 0 THEN 'boletim' WHEN 1 THEN 'facebook' WHEN 2 THEN 'instagram' ELSE 'linkedin' END) ELSE '' END`,
    `CASE WHEN ${kind} = 5 THEN (CASE ${m} % 4 WHEN 0 THEN 'email' ELSE 'social' END) ELSE '' END`,
    `CASE WHEN ${kind} = 5 THEN 'campanha-' || (${m} % 40) ELSE '' END`,
    `CASE WHEN ${kind} IN (1, 2, 4, 5) THEN 'celular' ELSE 'computador' END`,
    `CASE WHEN ${kind} = 6 THEN 1 ELSE 0 END`,
    `1 + ((${k} * 31 + ${i} * 17) % ${2 * averageViews - 1})`,
  ].join(', ');
}

function statements(dialect: Dialect, views: number, now: number): string[] {
  const shape = shapeOf(views);
  const today = siteDayOf(now);
  const firstDay = addDays(today, -(DAILY_DAYS - 1));
  const firstHour = hourOf(now - (HOURLY_HOURS - 1) * 3_600_000);
  const days = dialect.series({ k: DAILY_DAYS, i: shape.dayRows });
  const hours = dialect.series({ h: HOURLY_HOURS, i: shape.hourRows });
  const pastDays = dialect.series({ k: DAILY_DAYS - 1, m: Math.ceil(shape.dayRows / 8) + 1 });
  const searches = dialect.series({ k: DAILY_DAYS, t: shape.terms });
  const page = `((m * 7 + k * 13) % ${PATHS})`;
  return [
    `INSERT INTO estatisticas_dias (dia, ${VIEW_COLUMNS}) ${days.with} SELECT ${dialect.day(firstDay, 'k')}, ${viewRow('k', 'i', shape.dayViews)} FROM ${days.from}`,
    `INSERT INTO estatisticas_horas (hora, ${VIEW_COLUMNS}) ${hours.with} SELECT ${dialect.hour(firstHour, 'h')}, ${viewRow('h', 'i', shape.hourViews)} FROM ${hours.from}`,
    // m = the last value is the whole site (''), the others the day's pages; today's visitors are still hashes.
    `INSERT INTO estatisticas_visitantes (dia, caminho, visitantes) ${pastDays.with}
       SELECT ${dialect.day(firstDay, 'k')},
         CASE WHEN m = ${Math.ceil(shape.dayRows / 8)} THEN ''
              WHEN ${page} = 0 THEN '/' WHEN ${page} = 1 THEN '/noticias' WHEN ${page} = 2 THEN '/preco-prontuario-eletronico'
              WHEN ${page} = 3 THEN '/demonstracao' WHEN ${page} = 4 THEN '/noticias/busca'
              ELSE '/noticias/' || ${page} || '/2026/artigo-' || ${page} END,
         CASE WHEN m = ${Math.ceil(shape.dayRows / 8)} THEN ${Math.round(shape.dayRows * shape.dayViews * 0.6)} ELSE 1 + ((k + m) % ${shape.dayViews * 4}) END
       FROM ${pastDays.from}`,
    // The daily summary the report reads (migrations: SQLite 050, PostgreSQL 048), folded from the daily
    // rows as the flush adds to both.
    `INSERT INTO estatisticas_resumo (tipo, dia, chave, utm_medium, utm_campaign, visualizacoes)
       SELECT 'pagina', dia, caminho, '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 0 GROUP BY dia, caminho
       UNION ALL SELECT 'origem', dia, origem, '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 0 AND origem <> '' GROUP BY dia, origem
       UNION ALL SELECT 'campanha', dia, utm_source, utm_medium, utm_campaign, sum(visualizacoes) FROM estatisticas_dias
         WHERE robo = 0 AND (utm_source <> '' OR utm_medium <> '' OR utm_campaign <> '') GROUP BY dia, utm_source, utm_medium, utm_campaign
       UNION ALL SELECT 'dispositivo', dia, dispositivo, '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 0 GROUP BY dia, dispositivo
       UNION ALL SELECT 'robos', dia, '', '', '', sum(visualizacoes) FROM estatisticas_dias WHERE robo = 1 GROUP BY dia`,
    `INSERT INTO estatisticas_buscas (dia, termo, resultados, vezes) ${searches.with}
       SELECT ${dialect.day(firstDay, 'k')}, 'termo ' || ((t * 7 + k) % ${SEARCH_TERMS}), CASE WHEN t % 5 = 0 THEN 0 ELSE t % 40 + 1 END, 1 + t % 3
       FROM ${searches.from}`,
  ];
}

/** Fills the history once: a database already holding daily rows is left as it is. Answers the views stored. */
export async function seedStatsHistory(env: { DATABASE_URL?: string; SQLITE_PATH?: string }, views: number, now = Date.now()): Promise<number> {
  const countViews = 'SELECT coalesce(sum(visualizacoes), 0) AS n FROM estatisticas_dias';
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(countViews);
      if (Number(rows[0]!.n) === 0) {
        for (const statement of statements(POSTGRES, views, now)) await client.query(statement);
      }
      return Number((await client.query<{ n: string }>(countViews)).rows[0]!.n);
    } finally {
      await client.end();
    }
  }
  const db = new Database(env.SQLITE_PATH);
  try {
    const stored = () => (db.prepare(countViews).get() as { n: number }).n;
    if (stored() === 0) {
      db.transaction(() => {
        for (const statement of statements(SQLITE, views, now)) db.exec(statement);
      })();
      db.exec('ANALYZE');
    }
    return stored();
  } finally {
    db.close();
  }
}
