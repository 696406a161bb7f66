import type { z } from 'zod';
import { addNote, listNotes, replyToNote, resolveNote } from '../workflow/draft-notes.js';
import type { EditorContext } from './api-context.js';
import type { noteRequestSchema, replyRequestSchema } from '../workflow/note-input.js';
import type { resolveRequestSchema } from './note-schemas.js';

/** POST /artigos/:id/notas {texto, trecho?}: a note on a draft or a pending change (409 on a published article without one). */
export const addNoteHandler = ({ params: { id }, body }: { params: { id: number }; body: z.output<typeof noteRequestSchema> }, { repo, editor, req }: EditorContext) =>
  addNote(repo, req, editor, id, body);

/** GET /artigos/:id/notas: the article's notes, oldest first, with replies and whether their quote changed. */
export const listNotesHandler = ({ params: { id } }: { params: { id: number } }, { repo, editor }: EditorContext) => listNotes(repo, editor, id);

/** POST /artigos/:id/notas/:nota/respostas {texto}. */
export const replyToNoteHandler = ({ params: { id, nota }, body: { texto } }: { params: { id: number; nota: number }; body: z.output<typeof replyRequestSchema> }, { repo, editor, req }: EditorContext) =>
  replyToNote(repo, req, editor, id, nota, texto);

/** PATCH /artigos/:id/notas/:nota {resolvida}: resolves or reopens. */
export const resolveNoteHandler = ({ params: { id, nota }, body: { resolvida } }: { params: { id: number; nota: number }; body: z.output<typeof resolveRequestSchema> }, { repo, editor, req }: EditorContext) =>
  resolveNote(repo, req, editor, id, nota, resolvida);
