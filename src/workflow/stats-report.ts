import type { ClosedSpan, StatsNumbers } from '../db/stats-store.js';
import type { Repository } from '../db/storage.js';
import { addDays, instantsOf, siteDayOf } from '../lib/stats-time.js';

/** The default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** Rows of each top list. */
export const TOP_ROWS = 100;

const ARTICLE_ID = /^\/noticias\/(\d+)\/\d{4}\//;

/** The page's period choices, whose days before yesterday are added up once a day (src/workflow/page-stats.ts). */
export const CLOSED_PERIOD_DAYS = [7, 30, 90] as const;

/**
 * Each standard period's closed days on `today`: up to the day before yesterday, since a flush just
 * after midnight still adds to yesterday's last hour.
 */
export function closedSpans(today: string): ClosedSpan[] {
  return CLOSED_PERIOD_DAYS.map((dias) => ({ dias, de: addDays(today, -(dias - 1)), ate: addDays(today, -2) }));
}

/** The closed days of a standard period of the whole site ending today; none for any other period or for one page. */
function closedSpanOf(period: StatsPeriod, today: string): ClosedSpan | undefined {
  if (period.caminho !== undefined || period.ate !== today) return undefined;
  return closedSpans(today).find((span) => span.de === period.de);
}

/**
 * What the routes know of the pages the report names: what the team calls the site's own pages (an
 * article is called by its title, anything else by its path), and an article's canonical path.
 */
export interface StatsPages {
  titles: Record<string, string>;
  articlePath(article: { id: number; titulo_url: string; data_publicacao: string }): string;
}

export interface StatsPeriod {
  de: string;
  ate: string;
  caminho?: string | undefined;
}

/** The period asked, or the last 30 days including today (São Paulo days). */
export function periodOf(asked: { de?: string | undefined; ate?: string | undefined; caminho?: string | undefined }, now = Date.now()): StatsPeriod {
  const ate = asked.ate ?? siteDayOf(now);
  const de = asked.de ?? addDays(ate, -(DEFAULT_PERIOD_DAYS - 1));
  return { de, ate, ...(asked.caminho ? { caminho: asked.caminho } : {}) };
}

export interface StatsReport {
  visitantes: number;
  visualizacoes: number;
  serie: { dia: string; visitantes: number; visualizacoes: number }[];
  paginas: { caminho: string; titulo: string; visitantes: number; visualizacoes: number }[];
  origens: { origem: string; visualizacoes: number }[];
  /** Views by campaign, and the conversions each brought (a campaign with conversions and no views in the period too). */
  campanhas: { utm_source: string; utm_medium: string; utm_campaign: string; visualizacoes: number; conversoes: number }[];
  buscas: { termo: string; resultados: number; vezes: number }[];
  conversoes: { tipo: 'demonstracao' | 'boletim'; caminho: string; utm_source: string; utm_medium: string; utm_campaign: string; total: number }[];
  dispositivos: { celular: number; computador: number };
  robos: { visualizacoes: number };
}

/** Each campaign's conversions beside its views; campaigns that converted without a view in the period are added. */
function withConversions(views: StatsNumbers['campanhas'], conversions: StatsReport['conversoes']): StatsReport['campanhas'] {
  const keyOf = (row: { utm_source: string; utm_medium: string; utm_campaign: string }) => JSON.stringify([row.utm_source, row.utm_medium, row.utm_campaign]);
  const campaigns = new Map(views.map((row) => [keyOf(row), { ...row, conversoes: 0 }]));
  for (const row of conversions) {
    if (!row.utm_source && !row.utm_medium && !row.utm_campaign) continue;
    const found = campaigns.get(keyOf(row));
    if (found) found.conversoes += row.total;
    else campaigns.set(keyOf(row), { utm_source: row.utm_source, utm_medium: row.utm_medium, utm_campaign: row.utm_campaign, visualizacoes: 0, conversoes: row.total });
  }
  return [...campaigns.values()];
}

/** Every day of the period, those without a view included, so that the chart's axis is the period's. */
function everyDay(de: string, ate: string): string[] {
  const days: string[] = [];
  for (let day = de; day <= ate && days.length < 3_700; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The team's numbers for a period (issue 32): views and visitors by people (bots apart), pages with
 * their titles, referrers, campaigns, searches, conversions by the page or article that led to the
 * form. `visitantes` is the sum of each day's visitors: days cannot be linked, by design.
 */
export async function statsReport(repo: Pick<Repository, 'statistics' | 'articles'>, period: StatsPeriod, pages: StatsPages, now = Date.now()): Promise<StatsReport> {
  const numbers = await repo.statistics.report({
    from: period.de,
    to: period.ate,
    path: period.caminho,
    ...instantsOf(period.de, period.ate),
    limit: TOP_ROWS,
    closed: closedSpanOf(period, siteDayOf(now)),
  });
  const byDay = new Map(numbers.serie.map((day) => [day.dia, day]));
  const serie = everyDay(period.de, period.ate).map((dia) => byDay.get(dia) ?? { dia, visitantes: 0, visualizacoes: 0 });

  // Every article the report names (its top pages, the conversions' origins), read in one query.
  const named = [
    ...numbers.paginas.map((page) => ARTICLE_ID.exec(page.caminho)?.[1]).filter((id) => id !== undefined).map(Number),
    ...numbers.conversoes.flatMap((row) => (row.artigo !== null ? [row.artigo] : [])),
  ];
  const articles = new Map<number, { titulo: string; caminho: string }>();
  for (const article of await repo.articles.titles([...new Set(named)])) {
    if (article.data_publicacao) articles.set(article.id, { titulo: article.titulo, caminho: pages.articlePath(article) });
  }
  const titleOf = (caminho: string) => {
    const id = ARTICLE_ID.exec(caminho)?.[1];
    if (id !== undefined) return articles.get(Number(id))?.titulo ?? caminho;
    return pages.titles[caminho] ?? caminho;
  };

  const conversions = new Map<string, StatsReport['conversoes'][number]>();
  for (const row of numbers.conversoes) {
    const caminho = row.artigo !== null ? (articles.get(row.artigo)?.caminho ?? `artigo ${row.artigo}`) : (row.pagina ?? '(sem origem)');
    if (period.caminho !== undefined && caminho !== period.caminho) continue;
    const key = JSON.stringify([row.tipo, caminho, row.utm_source, row.utm_medium, row.utm_campaign]);
    const found = conversions.get(key);
    if (found) found.total += row.total;
    else conversions.set(key, { tipo: row.tipo, caminho, utm_source: row.utm_source, utm_medium: row.utm_medium, utm_campaign: row.utm_campaign, total: row.total });
  }

  return {
    visitantes: serie.reduce((sum, day) => sum + day.visitantes, 0),
    visualizacoes: serie.reduce((sum, day) => sum + day.visualizacoes, 0),
    serie,
    paginas: numbers.paginas.map((page) => ({ caminho: page.caminho, titulo: titleOf(page.caminho), visitantes: page.visitantes, visualizacoes: page.visualizacoes })),
    origens: numbers.origens,
    campanhas: withConversions(numbers.campanhas, [...conversions.values()]),
    buscas: numbers.buscas,
    conversoes: [...conversions.values()].sort((a, b) => b.total - a.total || a.caminho.localeCompare(b.caminho)),
    dispositivos: numbers.dispositivos,
    robos: numbers.robos,
  };
}
