/** The four kinds of dates the editorial calendar shows (issue 33). */
export const CALENDAR_KINDS = ['previsto', 'agendado', 'revisao', 'publicado'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** One article on one day of the calendar. */
export interface CalendarEntry {
  tipo: CalendarKind;
  /** previsto and revisao: the São Paulo day (AAAA-MM-DD); agendado and publicado: the instant, ISO 8601 UTC. */
  quando: string;
  id: number;
  titulo: string;
  /** The person the article falls to: its assignee, or its creator. */
  id_responsavel: number | null;
}

export interface CalendarQuery {
  /** São Paulo days, from `desde` inclusive to `ate` exclusive. */
  desde: string;
  ate: string;
  /** The same bounds as instants (ISO 8601 UTC), for the dates kept as instants. */
  desdeInstante: string;
  ateInstante: string;
  /** Only the articles that fall to this person. */
  id_responsavel?: number;
  /** Only the articles of this topic. */
  id_tema?: number;
}

export interface ArticlePlan {
  previsto_para: string | null;
  /** Null: the creator. */
  id_responsavel: number | null;
}

/** Planned dates and assignees of drafts, the calendar's month, and each person's calendar feed. */
export interface CalendarStore {
  /** The article's plan; null when the article is absent. */
  planOf(id: number): Promise<(ArticlePlan & { id_criador: number | null }) | null>;
  /** Changes the fields given; false when the article is absent. */
  plan(id: number, plan: Partial<ArticlePlan>): Promise<boolean>;
  /** Every dated article in the query's days, by date. */
  entries(query: CalendarQuery): Promise<CalendarEntry[]>;
  /** The seed of the person's feed token; null when they have none (never asked, or revoked). */
  feedSeed(id_pessoa: number): Promise<string | null>;
  /** Gives the person a feed; when another request gave them one first, that one stays. Answers the seed in force. */
  createFeed(id_pessoa: number, feed: { semente: string; token_hash: string }, now: string): Promise<string>;
  /** The person whose feed token hashes to `token_hash`; null when none. */
  feedOwner(token_hash: string): Promise<number | null>;
  revokeFeed(id_pessoa: number): Promise<void>;
}
