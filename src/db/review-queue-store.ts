import type { ArticleStatus, Page, StoredArticle } from './repository.js';

/** The three lists of /editor/revisoes (issue 33). */
export const QUEUE_SITUATIONS = ['vencida', 'a-vencer', 'pendente'] as const;
export type QueueSituation = (typeof QUEUE_SITUATIONS)[number];

export const QUEUE_ORDERS = ['data', 'titulo'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

/** The days that bound the lists, São Paulo days (AAAA-MM-DD): what is overdue and what is due soon. */
export interface QueueDays {
  /** A review that held until before this day is overdue. */
  hoje: string;
  /** The last day of "a vencer". */
  ate: string;
}

export interface ReviewQueueQuery extends QueueDays {
  situacao: QueueSituation;
  /** `data`: the due date (pending: the last change), soonest first; `titulo`: alphabetical. */
  ordem: QueueOrder;
  desc: boolean;
  limit: number;
  /** Only the articles this person created or signs (what a colaborador may read). */
  criadoOuAssinadoPor?: number;
}

export interface ReviewQueueItem {
  id: number;
  titulo: string;
  titulo_url: string;
  status: ArticleStatus;
  clinico: boolean;
  /** The day its review holds until; null for a pending article never approved. */
  proxima_revisao: string | null;
  data_atualizacao: string;
}

/** "Atualizar primeiro" (issue 32): published articles whose review is due by `ate`, ranked by readers × urgency. */
export interface UpdateFirstQuery {
  /** The last due day taken (overdue ones are all taken). */
  ate: string;
  /** What every article's address begins with, before its id (the news list's path and a slash). */
  prefixoDosArtigos: string;
  /** The first São Paulo day whose views count. */
  visualizacoesDesde: string;
  /** From the most urgent: a review due before `antes` weighs `peso` (integers); the first that holds applies. */
  pesos: { antes: string; peso: number }[];
  /** The weight of a review due later than every step. */
  pesoBase: number;
  limit: number;
}

export interface UpdateFirstItem {
  id: number;
  titulo: string;
  titulo_url: string;
  data_publicacao: string;
  proxima_revisao: string;
  /** Views by people (no bots) since `visualizacoesDesde`, every address of the article added up. */
  visualizacoes: number;
}

/**
 * Articles by the state of their medical review: overdue and due ones are public (published or
 * scheduled) with a due date; pending ones wait for an approval of their current text (the flag of
 * migration 17), unpublished ones left out. Each list is read through an index (migration 36 on SQLite, 34 on PostgreSQL).
 */
export interface ReviewQueueStore {
  /** One list, at most `limit` items in the order asked, with the list's total. */
  queue(query: ReviewQueueQuery): Promise<Page<ReviewQueueItem>>;
  /** How many each list holds. */
  counts(days: QueueDays, scope?: { criadoOuAssinadoPor?: number }): Promise<Record<QueueSituation, number>>;
  /**
   * Sets the day the article's review holds until (null: none), changing nothing else, and tells the
   * pages that show it. Null when the article does not exist.
   */
  setNextReview(id: number, proxima_revisao: string | null): Promise<StoredArticle | null>;
  /**
   * At most `limit` published articles due by `ate`, by views × the weight of their due day, then the
   * soonest due: one query that reads the due articles through the dates' index and the period's daily views.
   */
  updateFirst(query: UpdateFirstQuery): Promise<UpdateFirstItem[]>;
}
