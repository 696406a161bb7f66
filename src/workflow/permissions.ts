import type { ArticleStatus, StoredArticle } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { may, type Action } from '../people/roles.js';
import type { Editor } from './editor-auth.js';

/** An article is a person's own when they created it; an editor key owns nothing (and needs to: it is an administrator). */
export function owns(editor: Editor, article: Pick<StoredArticle, 'id_criador'>): boolean {
  return editor.personId !== null && article.id_criador === editor.personId;
}

export type StatusAction = Extract<Action, 'publicar' | 'agendar' | 'despublicar'>;

/** What moving an article to `status` is, for the roles. */
export function statusAction(status: ArticleStatus): StatusAction {
  if (status === 'publicado') return 'publicar';
  if (status === 'agendado') return 'agendar';
  return 'despublicar';
}

/**
 * Refuses (403, changing nothing) what the editor's role may not do to `article` (undefined: a new
 * article, the editor's own). Called by every write, in the API and in the pages' forms.
 */
export function assertMay(editor: Editor, action: Action, article?: Pick<StoredArticle, 'id_criador'>): void {
  if (!may(editor.role, action, article ? owns(editor, article) : true)) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
}

/**
 * Changing the content of a published or scheduled article changes what readers see (or will see at
 * the hour): besides `action` (editing, restoring), it takes the right to publish or schedule it, so a
 * colaborador's own article, once an editor published it, is no longer theirs to change.
 */
export function assertMayChangeContent(editor: Editor, action: Extract<Action, 'editar' | 'restaurar'>, article: Pick<StoredArticle, 'id_criador' | 'status'>): void {
  assertMay(editor, action, article);
  if (article.status === 'publicado' || article.status === 'agendado') assertMay(editor, statusAction(article.status), article);
}
