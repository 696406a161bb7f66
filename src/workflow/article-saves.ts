import { VersionConflictError, type ArticleChange, type ArticleContent, type ArticleStatus, type RevisionSnapshot, type StoredArticle } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { ApiError } from '../lib/api-error.js';
import { WORKFLOW_MESSAGES } from './messages.js';

/** The rules every save of an existing article follows, for the API and the editor's pages alike. */

export const willBePublic = (status: ArticleStatus) => status === 'publicado' || status === 'agendado';

/** Text or an image/rule left after sanitising: sanitize-html escapes `<` in text, so tags are real tags. */
export function hasContent(html: string): boolean {
  if (/<(?:img|hr)\b/.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** Refuses to make public an article saved incomplete as a draft. */
export function assertPublishable(article: Pick<ArticleContent, 'titulo' | 'titulo_url' | 'descricao' | 'conteudo'>): void {
  const complete = [article.titulo, article.titulo_url, article.descricao].every((field) => field.trim() !== '');
  if (!complete || !hasContent(article.conteudo)) throw new ApiError(400, WORKFLOW_MESSAGES.incompleteForPublishing);
}

/**
 * The change as the next version; a stale expected version is a 409 with what to do about it (making
 * public a clinical version no doctor approved is one too: ReviewRequiredError, raised by the rule).
 */
export async function saveChange(repo: Repository, id: number, change: ArticleChange): Promise<StoredArticle> {
  try {
    return await repo.articles.update(id, change);
  } catch (error) {
    if (error instanceof VersionConflictError) throw new ApiError(409, WORKFLOW_MESSAGES.versionConflict(error.currentVersion));
    throw error;
  }
}

/**
 * A version's content saved as a new version of `current`; the state is kept. ApiError 404 (no such
 * version), 409 (expectedVersion is stale) or 400 (the article is public and that version is incomplete).
 */
/**
 * The version's topics, unless it was saved before revisions recorded them, or has none while the article
 * is public (which keeps one at least): then the topics stay as they are.
 */
function restoredTopics({ temas }: RevisionSnapshot, current: StoredArticle): { temas: string[] } | null {
  if (temas === null || (temas.length === 0 && willBePublic(current.status))) return null;
  return { temas };
}

export async function restoreVersion(
  repo: Repository,
  current: StoredArticle,
  request: { versao: number; autor: string; id_pessoa: number | null; expectedVersion?: number },
): Promise<StoredArticle> {
  const revision = await repo.revisions.revision(current.id, request.versao);
  if (!revision) throw new ApiError(404, WORKFLOW_MESSAGES.revisionNotFound);
  const { snapshot } = revision;
  if (willBePublic(current.status)) assertPublishable(snapshot);
  const { imagem_nome: nome, imagem_caption: caption, imagem_alt: alt, imagem_width: width, imagem_height: height } = snapshot;
  return saveChange(repo, current.id, {
    autor: request.autor,
    id_pessoa: request.id_pessoa,
    acao: 'restaurado',
    ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
    content: {
      titulo: snapshot.titulo,
      titulo_url: snapshot.titulo_url,
      descricao: snapshot.descricao,
      keywords: snapshot.keywords,
      conteudo: snapshot.conteudo,
      ...(restoredTopics(snapshot, current) ?? {}),
      imagem: nome && caption && width && height ? { nome, caption, ...(alt ? { alt } : {}), width, height } : null,
    },
  });
}
