import type { z } from 'zod';
import type { StoredArticle } from '../db/repository.js';
import { workingCopy } from '../db/article-workflow.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { beatEditing, takeOverEditing } from '../workflow/edit-locks.js';
import { assertMayChangeContent, mayRead } from '../workflow/permissions.js';
import type { EditorContext } from './api-context.js';
import type { editClaimRequestSchema } from './edit-lock-schemas.js';

/** The editing lock's endpoints (issue 34): heartbeat, takeover, release, and the suggestions it kept. */

type ClaimInput = { params: { id: number }; body: z.output<typeof editClaimRequestSchema> };

async function editable({ repo, editor }: EditorContext, id: number): Promise<StoredArticle> {
  const article = await repo.articles.get(id);
  if (!article) throw new ApiError(404, MESSAGES.articleNotFound);
  const current = workingCopy(article);
  assertMayChangeContent(editor, 'editar', current);
  return current;
}

/** POST /artigos/:id/edicao: the tab's heartbeat. */
export async function beatEditingHandler({ params, body }: ClaimInput, context: EditorContext) {
  await editable(context, params.id);
  return beatEditing(context.repo.editLocks, params.id, context.editor, body.titular);
}

/** POST /artigos/:id/edicao/assumir: "Assumir a edição". */
export async function takeOverEditingHandler({ params, body }: ClaimInput, context: EditorContext) {
  await editable(context, params.id);
  const view = await takeOverEditing(context.repo.editLocks, params.id, context.editor, body.titular);
  context.logger.info({ id: params.id, autor: context.editor.author }, 'edição assumida');
  return view;
}

/** DELETE /artigos/:id/edicao: the tab closed; the lock is freed if it was this tab's. */
export async function releaseEditingHandler({ params, body }: ClaimInput, { repo }: EditorContext) {
  await repo.editLocks.release(params.id, body.titular);
  return { id: params.id };
}

/** GET /artigos/:id/sugestoes. */
export async function listSuggestionsHandler({ params }: { params: { id: number } }, context: EditorContext) {
  const article = await context.repo.articles.get(params.id);
  if (!article || !mayRead(context.editor, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  return context.repo.editLocks.suggestions(params.id);
}
