import type { Article, Page } from './repository.js';

export interface ArticleSummary {
  id: number;
  titulo_url: string;
  data_publicacao: string;
  data_atualizacao: string;
}

/** What "Leia também" shows of an article, and weighs: its link, title, date and description. */
export type RelatedArticle = Pick<Article, 'id' | 'titulo' | 'titulo_url' | 'descricao' | 'data_publicacao'>;

export interface RelatedCandidate {
  article: RelatedArticle;
  shared: number;
}

/** What readers may see: public articles only (see isPublic), in the order of the public lists. */
export interface PublicArticleStore {
  /** Newest first (data_publicacao desc, then id desc); pageIndex starts at 1. */
  latest(pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /**
   * For the sitemap, newest first (as latest()): `limit` of them after the first `offset`, or after a
   * summary this returned (which reads no article before it).
   */
  summaries(start: { offset: number } | { after: ArticleSummary }, limit: number): Promise<ArticleSummary[]>;
  /** How many articles are public, and the last change of any of them (null when none is). */
  publicStats(): Promise<{ total: number; lastChange: string | null }>;
  /** A person's public articles (those they sign as one of the autores), newest first, as latest() pages them. */
  publicByAuthor(id_pessoa: number, pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /**
   * The public clinical articles whose current text this person approved as reviewer (what "Revisado por"
   * names), newest first, as latest() pages them.
   */
  publicByReviewer(id_pessoa: number, pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /** The profiles with at least one public article, with the last change among them: the sitemap's author pages. */
  publicAuthors(): Promise<{ slug: string; lastChange: string }[]>;
  /** A topic's public articles, newest first, as latest() pages them. */
  publicByTopic(id_tema: number, pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /** The topics with at least one public article, with the last change among them: the sitemap's topic pages. */
  publicTopics(): Promise<{ slug: string; lastChange: string }[]>;
  /**
   * Public articles to suggest beside article `id` (never itself), at most `limit`: those sharing the
   * most of its topics first, then the newest; the newest public articles fill in when too few share one.
   */
  relatedCandidates(id: number, limit: number): Promise<RelatedCandidate[]>;
}
