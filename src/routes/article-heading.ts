import { workingCopy } from '../db/article-workflow.js';
import { parseArticleId } from '../content/article-id.js';
import type { ArticleStatus } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { mayRead, type Reader } from '../workflow/permissions.js';
import type { EditorSession } from './page-route.js';

/** What the editor's pages about one article show of it before anything else. */
export interface ArticleHeading {
  id: number;
  titulo: string;
  status: ArticleStatus;
  versao: number;
  /** Who created it (issue 17): whether it is the signed-in person's own. */
  id_criador: number | null;
}

/** Who reads, as the signed-in session says. */
export const readerOf = (session: EditorSession): Reader => ({ role: session.papel, personId: session.id_pessoa });

/**
 * The article named by a URL parameter, in any state; null when the id is malformed or unknown, or the
 * article is not the reader's to read (a colaborador reads only what they created or sign).
 */
export async function articleHeading(repo: Repository, rawId: string | undefined, reader: Reader): Promise<ArticleHeading | null> {
  const id = parseArticleId(String(rawId ?? ''));
  const stored = id === null ? null : await repo.articles.get(id);
  const article = stored && mayRead(reader, stored) ? workingCopy(stored) : null;
  return article && { id: article.id, titulo: article.titulo, status: article.status, versao: article.versao, id_criador: article.id_criador };
}
