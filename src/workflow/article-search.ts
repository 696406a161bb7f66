import { searchSnippet, type SnippetPart } from '../content/search-snippet.js';
import type { Article } from '../db/repository.js';
import type { Repository } from '../db/storage.js';

export interface SearchResult {
  article: Article;
  snippet: SnippetPart[];
}

/** A page of the public search for terms (searchTerms(), at least one), each with its snippet. */
export async function searchArticles(repo: Repository, terms: string[], pageIndex: number, pageSize: number): Promise<{ total: number; results: SearchResult[] }> {
  const { items, total } = await repo.search.search({ terms, pageIndex, pageSize });
  return { total, results: items.map((article) => ({ article, snippet: searchSnippet(article, terms) })) };
}
