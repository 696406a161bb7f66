import type { ArticleStatus, StoredArticle } from '../db/repository.js';
import type { EditorListQuery } from '../db/article-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import type { PeopleStore } from '../db/people-store.js';
import { isGrant, may, mayWith, type Action, type Role } from '../people/roles.js';
import type { Editor } from './editor-auth.js';

/** Who reads the editors' side of an article: a role, and the person (null for an editor key). */
export interface Reader {
  role: Role;
  personId: number | null;
}

/**
 * Whether `reader` may read an article's working copy, history, versions and preview. A colaborador
 * reads only what they created or sign (Ghost's Contributor rule): a draft is not theirs to read
 * because their key works on the API. Every other role reads everything. The one rule for the API and
 * the pages; what a colaborador may not read answers as an article that does not exist.
 */
export function mayRead(reader: Reader, article: Pick<StoredArticle, 'id_criador' | 'autores'>): boolean {
  if (reader.role !== 'colaborador') return true;
  return reader.personId !== null && (article.id_criador === reader.personId || article.autores.includes(reader.personId));
}

/** The part of the editors' list `reader` may read (mayRead's rule as a filter of the list). */
export function readableScope(reader: Reader): Pick<EditorListQuery, 'criadoOuAssinadoPor'> {
  return reader.role === 'colaborador' ? { criadoOuAssinadoPor: reader.personId ?? -1 } : {};
}

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

/**
 * Whether `editor` may do `action` on the whole site: their role's right, or a right an administrator
 * granted the person (read live, so a withdrawal applies at the next request). An editor key is an
 * administrator and has every right.
 */
export async function mayAct(people: Pick<PeopleStore, 'get'>, editor: Pick<Editor, 'role' | 'personId'>, action: Action): Promise<boolean> {
  if (may(editor.role, action)) return true;
  if (!isGrant(action) || editor.personId === null) return false;
  const person = await people.get(editor.personId);
  return person !== null && person.ativo && mayWith(person.papel, person.permissoes, action);
}
