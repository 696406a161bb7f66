import { z } from 'zod';
import { noteRequestSchema, replyRequestSchema } from '../workflow/note-input.js';
import { ApiError } from '../lib/api-error.js';
import type { Repository } from '../db/storage.js';
import type { Editor } from '../workflow/editor-auth.js';
import { acceptsNotes, addNote, listNotes, replyToNote, resolveNote, type NoteView } from '../workflow/draft-notes.js';
import { NOTE_MESSAGES } from '../workflow/note-messages.js';
import { formText } from './form-fields.js';
import type { EditorSession } from './page-route.js';

/** The editor page's notes (issue 33): what it lists, and its forms posted without JavaScript. */

export const NOTE_DONE = { nota: 'Nota salva.', resposta: 'Resposta salva.', resolver: 'Nota resolvida.', reabrir: 'Nota reaberta.' } as const;
export type NoteDone = keyof typeof NOTE_DONE;
/** The query parameter of the page a form leads back to, saying what was done. */
export const NOTE_DONE_PARAM = 'nota';

export const editorOfSession = (session: EditorSession): Editor => ({ author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa });

export async function notesOfPage(repo: Repository, session: EditorSession, id: number): Promise<{ notes: NoteView[]; acceptsNotes: boolean }> {
  const article = await repo.articles.get(id);
  return { notes: await listNotes(repo, editorOfSession(session), id), acceptsNotes: article !== null && acceptsNotes(article) };
}

const noteIdOf = (body: unknown) => z.coerce.number().int().positive().max(2_147_483_647).safeParse(formText(body, 'nota'));

/** Acts on the posted form: what was done, or why not (an ApiError's status and message). */
export async function actOnNotes(repo: Repository, req: Parameters<typeof addNote>[1], session: EditorSession, id: number): Promise<{ done: NoteDone } | { status: 400 | 404 | 409; message: string }> {
  const editor = editorOfSession(session);
  const acao = formText(req.body, 'acao');
  try {
    if (acao === 'nota') {
      const trecho = formText(req.body, 'trecho').trim();
      const input = noteRequestSchema.safeParse({ texto: formText(req.body, 'texto'), ...(trecho ? { trecho } : {}) });
      if (!input.success) return { status: 400, message: input.error.issues[0]!.message };
      await addNote(repo, req, editor, id, input.data);
      return { done: 'nota' };
    }
    const nota = noteIdOf(req.body);
    if (!nota.success) return { status: 404, message: NOTE_MESSAGES.noteNotFound };
    if (acao === 'resposta') {
      const input = replyRequestSchema.safeParse({ texto: formText(req.body, 'texto') });
      if (!input.success) return { status: 400, message: input.error.issues[0]!.message };
      await replyToNote(repo, req, editor, id, nota.data, input.data.texto);
      return { done: 'resposta' };
    }
    if (acao === 'resolver' || acao === 'reabrir') {
      await resolveNote(repo, req, editor, id, nota.data, acao === 'resolver');
      return { done: acao };
    }
    return { status: 400, message: NOTE_MESSAGES.actionInvalid };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status === 409 ? 409 : error.status === 404 ? 404 : 400, message: error.messages.join(' ') };
  }
}
