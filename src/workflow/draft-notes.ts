import type { Request } from 'express';
import { workingCopy } from '../db/article-workflow.js';
import type { Note, NotePlacement } from '../db/note-store.js';
import type { StoredArticle } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { locateQuote, noteText, quoteChanged } from '../content/note-anchor.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { recordAudit } from './audit-trail.js';
import type { Editor } from './editor-auth.js';
import { NOTE_MESSAGES } from './note-messages.js';
import { mayRead } from './permissions.js';

/**
 * The team's notes on drafts and pending changes (issue 33): any member who may read the article writes,
 * replies, resolves and reopens them; they never reach readers. The API and the editor page both act
 * through these functions, each audited.
 */

const person = (id: number | null, nome: string) => ({ id, nome });

/** A note as the team reads it, its quote checked against the article's current text. */
export function noteView(note: Note, currentText: string) {
  return {
    id: note.id,
    texto: note.texto,
    trecho: note.anchor?.trecho ?? null,
    trecho_alterado: note.anchor !== null && quoteChanged(currentText, note.anchor),
    pessoa: person(note.id_pessoa, note.autor),
    criada_em: note.criada_em,
    resolvida: note.resolvida !== null,
    resolvida_em: note.resolvida?.em ?? null,
    resolvida_por: note.resolvida?.por ?? null,
    respostas: note.respostas.map((reply) => ({ id: reply.id, texto: reply.texto, pessoa: person(reply.id_pessoa, reply.autor), criada_em: reply.criada_em })),
  };
}

export type NoteView = ReturnType<typeof noteView>;

/** Notes are for what readers do not see yet: a draft, a scheduled or withdrawn article, or a change held for review. */
export function placeNote(trecho: string | undefined) {
  return (article: StoredArticle): NotePlacement => {
    if (article.status === 'publicado' && !article.pendente) return { refused: 'publicado' };
    if (trecho === undefined) return { anchor: null };
    const anchor = locateQuote(workingCopy(article).conteudo, trecho);
    return anchor ? { anchor } : { refused: 'trecho' };
  };
}

/** Whether the article takes new notes now. */
export const acceptsNotes = (article: StoredArticle) => !('refused' in placeNote(undefined)(article));

async function readable(repo: Repository, editor: Editor, id: number): Promise<StoredArticle> {
  const article = await repo.articles.get(id);
  if (!article || !mayRead(editor, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  return article;
}

const textOf = (article: StoredArticle) => noteText(workingCopy(article).conteudo);

/** The article's notes, oldest first, with their replies. */
export async function listNotes(repo: Repository, editor: Editor, id: number): Promise<NoteView[]> {
  const article = await readable(repo, editor, id);
  const text = textOf(article);
  return (await repo.notes.list(id)).map((note) => noteView(note, text));
}

/** A new note on the article as a whole, or on the passage `trecho` quotes (found in its current text). */
export async function addNote(repo: Repository, req: Request, editor: Editor, id: number, input: { texto: string; trecho?: string }): Promise<NoteView> {
  await readable(repo, editor, id);
  const added = await repo.notes.add(id, { texto: input.texto, id_pessoa: editor.personId, autor: editor.author }, new Date().toISOString(), placeNote(input.trecho));
  if (!added) throw new ApiError(404, MESSAGES.articleNotFound);
  if ('refused' in added) throw added.refused === 'publicado' ? new ApiError(409, NOTE_MESSAGES.published) : new ApiError(400, NOTE_MESSAGES.quoteNotFound);
  await recordAudit(repo.audit, req, editor, 'criou-nota', { id_artigo: id, detalhes: { id_nota: added.note.id, trecho: added.note.anchor?.trecho ?? null } });
  return noteView(added.note, added.note.anchor?.trecho ?? '');
}

/** A reply to one of the article's notes. */
export async function replyToNote(repo: Repository, req: Request, editor: Editor, id: number, id_nota: number, texto: string) {
  await readable(repo, editor, id);
  const reply = await repo.notes.reply(id, id_nota, { texto, id_pessoa: editor.personId, autor: editor.author }, new Date().toISOString());
  if (!reply) throw new ApiError(404, NOTE_MESSAGES.noteNotFound);
  await recordAudit(repo.audit, req, editor, 'respondeu-nota', { id_artigo: id, detalhes: { id_nota, id_resposta: reply.id } });
  return { id: reply.id, texto: reply.texto, pessoa: person(reply.id_pessoa, reply.autor), criada_em: reply.criada_em };
}

/** Resolves or reopens one of the article's notes. */
export async function resolveNote(repo: Repository, req: Request, editor: Editor, id: number, id_nota: number, resolvida: boolean): Promise<NoteView> {
  const article = await readable(repo, editor, id);
  const note = await repo.notes.setResolved(id, id_nota, resolvida ? { por: editor.author, em: new Date().toISOString() } : null);
  if (!note) throw new ApiError(404, NOTE_MESSAGES.noteNotFound);
  await recordAudit(repo.audit, req, editor, resolvida ? 'resolveu-nota' : 'reabriu-nota', { id_artigo: id, detalhes: { id_nota } });
  return noteView(note, textOf(article));
}

/** A clinical article is approved once every note on it is resolved: 409 naming how many are open. */
export async function assertNoOpenNotes(repo: Repository, id: number): Promise<void> {
  const open = await repo.notes.countOpen(id);
  if (open > 0) throw new ApiError(409, NOTE_MESSAGES.openNotes(open));
}
