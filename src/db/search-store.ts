import type { Article, Page } from './repository.js';

export interface SearchQuery {
  /** searchTerms() of what was typed: at least one. */
  terms: string[];
  pageIndex: number;
  pageSize: number;
}

/** The public search (decision 021). */
export interface SearchStore {
  /**
   * Public articles holding every term: those with all of them in the title first, then in the title
   * and description, then anywhere; newest first within each group.
   */
  search(query: SearchQuery): Promise<Page<Article>>;
  /**
   * Merges the search index into one piece after a bulk import (seconds at 100,000 articles): written a
   * thousand articles at a time, SQLite's index is left in dozens of pieces, each sought for every article
   * a search tests (160 ms for a page of a common word at 100,000 articles, 9 ms merged). Ordinary writes
   * keep it merged as they go.
   */
  compactSearchIndex(): Promise<void>;
}
