/** A device class read from the user agent. */
export type DeviceClass = 'celular' | 'computador';

/** Views counted in memory for one hour and one combination of what a view records ('' = none). */
export interface ViewCount {
  /** The UTC hour, "2026-11-27T14". */
  hora: string;
  /** The São Paulo day the hour belongs to, "2026-11-27". */
  dia: string;
  caminho: string;
  origem: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  dispositivo: DeviceClass;
  robo: boolean;
  visualizacoes: number;
}

export interface SearchCount {
  dia: string;
  termo: string;
  resultados: number;
  vezes: number;
}

/** A visitor's salted hash for one day, for the whole site (caminho '') or for one page. */
export interface VisitorHash {
  dia: string;
  caminho: string;
  hash: string;
}

/** What an instance flushes at once, in one transaction: every count is added to what is stored. */
export interface StatsBatch {
  views: ViewCount[];
  searches: SearchCount[];
  visitors: VisitorHash[];
}

/** A standard period's days before yesterday (both inclusive), whose totals are added up once: `dias` names the period. */
export interface ClosedSpan {
  dias: number;
  de: string;
  ate: string;
}

/** A period of São Paulo days, both inclusive, optionally one canonical path; conversions' instants in UTC. */
export interface StatsQuery {
  from: string;
  to: string;
  path?: string;
  /** The period's first and last instants (ISO, UTC), for the conversions stored with a timestamp. */
  fromInstant: string;
  toInstant: string;
  /** Rows of the top lists. */
  limit: number;
  /** The period's closed days, read from their totals when they were added up for exactly these days; the rest live. */
  closed?: ClosedSpan | undefined;
}

export interface StatsNumbers {
  serie: { dia: string; visitantes: number; visualizacoes: number }[];
  paginas: { caminho: string; visitantes: number; visualizacoes: number }[];
  origens: { origem: string; visualizacoes: number }[];
  campanhas: { utm_source: string; utm_medium: string; utm_campaign: string; visualizacoes: number }[];
  buscas: { termo: string; resultados: number; vezes: number }[];
  /** Demonstration requests by the page or article they came from; newsletter confirmations by the signup's page; each by campaign ('' = none). */
  conversoes: { tipo: 'demonstracao' | 'boletim'; pagina: string | null; artigo: number | null; utm_source: string; utm_medium: string; utm_campaign: string; total: number }[];
  dispositivos: { celular: number; computador: number };
  robos: { visualizacoes: number };
}

/**
 * The cookie-free statistics (issue 32): counts added by every instance, the day's salt they share, and
 * the numbers the team reads. No address or user agent is ever stored.
 */
export interface StatsStore {
  /** Adds a batch to what is stored (PostgreSQL: several instances add up); a closed span it writes into is reopened. */
  add(batch: StatsBatch): Promise<void>;
  /** Adds up each span's totals unless they are already kept for exactly its days (one instance builds, the others skip). */
  close(spans: ClosedSpan[]): Promise<void>;
  /** The salt of `day`: `candidate` if no instance stored one first. Salts of earlier days are deleted. */
  saltFor(day: string, candidate: string): Promise<string>;
  /** Folds the hashes of days before `today` into counts and deletes them; deletes rows past retention (closed spans reaching into it too). */
  sweep(today: string, hourlyBefore: string, dailyBefore: string): Promise<void>;
  report(query: StatsQuery): Promise<StatsNumbers>;
  /** Views by people (no bots) of each path from `from` (a day) on, for the editors' article list. */
  viewsSince(from: string): Promise<Map<string, number>>;
}
