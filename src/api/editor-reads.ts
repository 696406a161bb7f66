import type { z } from 'zod';
import type { Repository } from '../db/storage.js';
import type { Editor } from '../workflow/editor-auth.js';
import { mayRead, readableScope } from '../workflow/permissions.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { ApiError } from '../lib/api-error.js';
import type { EditorContext } from './api-context.js';
import { MESSAGES } from '../lib/messages.js';
import type { editorListRequestSchema } from './workflow-schemas.js';

/**
 * Reads of non-public data: the editor list and the history. Every one needs a credential, and a
 * colaborador reads only the articles they created or sign (mayRead).
 */

async function readableId(repo: Repository, id: number, editor: Editor): Promise<number> {
  const article = await repo.articles.get(id);
  if (!article || !mayRead(editor, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  return id;
}

/** POST /artigos/lista: { pageIndex, pageSize, status?, busca? } → { items, total }, most recently changed first. */
export async function editorList({ body: query }: { body: z.output<typeof editorListRequestSchema> }, { repo, editor }: EditorContext) {
  return repo.articles.list({ ...query, ...readableScope(editor) });
}

/** GET /artigos/:id/revisoes → [{ versao, autor, id_pessoa, data, acao, titulo }], newest first. */
export async function listRevisions({ params }: { params: { id: number } }, { repo, editor }: EditorContext) {
  const id = await readableId(repo, params.id, editor);
  return repo.revisions.revisions(id);
}

/** GET /artigos/:id/revisoes/:versao → the article as it was at that version. */
export async function readRevision({ params }: { params: { id: number; versao: number } }, { repo, editor }: EditorContext) {
  const id = await readableId(repo, params.id, editor);
  const revision = await repo.revisions.revision(id, params.versao);
  if (!revision) throw new ApiError(404, WORKFLOW_MESSAGES.revisionNotFound);
  const { snapshot, ...summary } = revision;
  return { id, ...summary, ...snapshot };
}
