import type { ArticleChange, ArticleStatus, MedicalReview, NewArticle, Page, StoredArticle } from './repository.js';

export interface EditorListQuery {
  pageIndex: number;
  pageSize: number;
  status?: ArticleStatus;
  /**
   * Words of the title, description or body, as the public search finds them, each also by its beginning
   * (prefixTerms(): "prontu" finds "prontuário"); a search without any word to look up matches the title as typed.
   */
  busca?: string;
  /** Clinical articles only: those waiting for a medical review, or those whose text a doctor approved. */
  revisao?: ReviewFilter;
  /** Only the articles this person created or signs (what a colaborador may read). */
  criadoOuAssinadoPor?: number;
}

export const REVIEW_FILTERS = ['aguardando', 'revisado'] as const;

export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface EditorListItem {
  id: number;
  titulo: string;
  titulo_url: string;
  status: ArticleStatus;
  autor: string;
  data_atualizacao: string;
  publicar_em: string | null;
  versao: number;
  clinico: boolean;
  /** Clinical and its current text not approved by a doctor. */
  aguardando_revisao: boolean;
}

/**
 * The medical review's decisions (src/workflow/medical-review.ts), handed to storage when it is opened so
 * that they run inside the write's transaction while storage itself decides nothing.
 */
export interface ReviewDecisions {
  /**
   * What an update stores, `stored` being the row as it is and `next` the editors' new version; throws
   * to refuse the change (nothing is written then).
   */
  storedUpdate(stored: StoredArticle, next: StoredArticle, change: ArticleChange): StoredArticle;
  /** The article once `reviewer` approves its working copy at `now`, its review holding until `proxima_revisao`. */
  approvedArticle(stored: StoredArticle, reviewer: Pick<MedicalReview, 'id_pessoa' | 'revisor'> & { proxima_revisao: string }, now: string): StoredArticle;
  /** Whether the version waits for a doctor: what the editors' list filters on. */
  needsReview(article: Omit<StoredArticle, 'id' | 'versao' | 'pendente'>): boolean;
}

/** Articles in every state: what the editors' area creates, changes and lists. */
export interface ArticleStore {
  /** A preview of the id the next article will get; the real id comes from create(). */
  nextId(): Promise<number>;
  /** Stores the article with its first revision (criado, versao 1). */
  create(article: NewArticle): Promise<number>;
  /**
   * Stores many articles as create() does, each with its first revision, in one transaction: for
   * seeding and imports of thousands. Returns their ids in order.
   */
  importArticles(articles: NewArticle[]): Promise<number[]>;
  /** The article in any state. */
  get(id: number): Promise<StoredArticle | null>;
  /** What names the articles `ids` (those that exist), in one query: a report names a hundred at once. */
  titles(ids: number[]): Promise<Pick<StoredArticle, 'id' | 'titulo' | 'titulo_url' | 'data_publicacao'>[]>;
  /**
   * Saves a change as the next version with its revision, all or nothing. Throws ArticleNotFoundError,
   * VersionConflictError when expectedVersion is not the current version, or what the review's decision
   * throws (ReviewRequiredError); nothing is changed then.
   */
  update(id: number, change: ArticleChange): Promise<StoredArticle>;
  /** Deletes the article, its images and revisions; an article that was ever public leaves a tombstone. False when absent. */
  remove(id: number): Promise<boolean>;
  /** Whether a once-public article with this id was removed (its URL answers 410). */
  wasRemoved(id: number): Promise<boolean>;
  /** Every state, most recently changed first, for the editor area. */
  list(query: EditorListQuery): Promise<Page<EditorListItem>>;
  /**
   * Records `review` of the current version of a clinical article; a version waiting for review goes
   * public with it; the review holds until `proxima_revisao` (AAAA-MM-DD). Throws ArticleNotFoundError,
   * or VersionConflictError when expectedVersion is stale.
   */
  approveReview(id: number, review: { id_pessoa: number; revisor: string; proxima_revisao: string; expectedVersion?: number }): Promise<StoredArticle>;
  count(): Promise<number>;
}
