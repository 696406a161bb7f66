import type { EditLock, EditLockStore } from '../db/edit-lock-store.js';
import type { ArticleContent } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { EDIT_LOCK_TTL_MS } from '../lib/edit-lock-times.js';
import type { Editor } from './editor-auth.js';

/** One person edits an article at a time (issue 34); the lifetimes are src/lib/edit-lock-times.ts's. */

export const EDIT_LOCK_MESSAGES = {
  divertedToSuggestion: (nome: string) =>
    `${nome} assumiu a edição deste artigo. O que você salvou ficou guardado como sugestão no histórico; o artigo não mudou.`,
};

/** What a tab learns about the lock: whether it is its own, and otherwise who holds it since when. */
export interface EditLockView {
  minha: boolean;
  nome: string;
  desde: string;
  expira_em: string;
}

function viewFor(lock: EditLock, titular: string): EditLockView {
  return { minha: lock.titular === titular, nome: lock.nome, desde: lock.desde, expira_em: lock.expira_em };
}

function claimOf(id: number, editor: Editor, titular: string, now: Date) {
  return { id_artigo: id, titular, nome: editor.author, id_pessoa: editor.personId, expira_em: new Date(now.getTime() + EDIT_LOCK_TTL_MS).toISOString() };
}

/** A heartbeat: takes the lock if nobody live holds it, renews it if this tab does. */
export async function beatEditing(locks: EditLockStore, id: number, editor: Editor, titular: string, now = new Date()): Promise<EditLockView> {
  return viewFor(await locks.hold(claimOf(id, editor, titular, now), now.toISOString()), titular);
}

/** "Assumir a edição": the lock passes to this tab whoever held it. */
export async function takeOverEditing(locks: EditLockStore, id: number, editor: Editor, titular: string, now = new Date()): Promise<EditLockView> {
  return viewFor(await locks.takeOver(claimOf(id, editor, titular, now), now.toISOString()), titular);
}

/**
 * A save from tab `titular` while another tab holds the article's live lock is kept as a suggestion and
 * refused with 423, so the holder's text stays the article's and nothing typed by either is lost. A save
 * with no tab token (API clients, scripts) is not an editing session and is not diverted.
 */
export async function divertIfTakenOver(
  locks: EditLockStore,
  save: { id: number; versao: number; titular: string; editor: Editor; content: ArticleContent },
  now = new Date(),
): Promise<void> {
  const lock = await locks.current(save.id, now.toISOString());
  if (!lock || lock.titular === save.titular) return;
  await locks.keepSuggestion({
    id_artigo: save.id,
    titular: save.titular,
    autor: save.editor.author,
    id_pessoa: save.editor.personId,
    versao_base: save.versao,
    data: now.toISOString(),
    conteudo: { ...save.content },
  });
  throw new ApiError(423, EDIT_LOCK_MESSAGES.divertedToSuggestion(lock.nome));
}
