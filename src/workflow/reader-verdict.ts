import { isPublic } from '../db/article-workflow.js';
import type { ArticleRepository, StoredArticle } from '../db/repository.js';

/**
 * What a reader's request for an article id gets: the page, 410 when it was public once (unpublished,
 * or deleted and remembered by its tombstone), or a plain 404 that says nothing about drafts.
 */
export type ReaderVerdict = 'visible' | 'gone' | 'not-found';

export async function readerVerdict(repo: ArticleRepository, id: number, article: StoredArticle | null): Promise<ReaderVerdict> {
  if (article) {
    if (isPublic(article, new Date().toISOString())) return 'visible';
    return article.ja_publicado ? 'gone' : 'not-found';
  }
  return (await repo.wasRemoved(id)) ? 'gone' : 'not-found';
}
