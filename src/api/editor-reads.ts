import type { RequestHandler } from 'express';
import type { Repository } from '../db/repository.js';
import type { Editor, EditorAuth } from '../workflow/editor-auth.js';
import { mayRead, readableScope } from '../workflow/permissions.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { ApiError } from '../lib/api-error.js';
import { articleIdSchema } from './article-schemas.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { MESSAGES } from '../lib/messages.js';
import { validate } from './validate.js';
import { editorListRequestSchema, versaoParamSchema } from './workflow-schemas.js';

/**
 * Reads of non-public data: the editor list and the history. Every one needs a credential, and a
 * colaborador reads only the articles they created or sign (mayRead).
 */

async function readableId(repo: Repository, rawId: unknown, editor: Editor): Promise<number> {
  const id = validate(articleIdSchema, rawId);
  const article = await repo.articles.get(id);
  if (!article || !mayRead(editor, article)) throw new ApiError(404, MESSAGES.articleNotFound);
  return id;
}

/** POST /artigos/lista: { pageIndex, pageSize, status?, busca? } → { items, total }, most recently changed first. */
export function editorListHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    const query = validate(editorListRequestSchema, req.body);
    sendOk(res, commandOf(res), await repo.articles.list({ ...query, ...readableScope(editor) }));
  };
}

/** GET /artigos/:id/revisoes → [{ versao, autor, id_pessoa, data, acao, titulo }], newest first. */
export function revisionsHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const id = await readableId(repo, req.params.id, await auth.authorizeRead(req, res));
    sendOk(res, commandOf(res), await repo.revisions.revisions(id));
  };
}

/** GET /artigos/:id/revisoes/:versao → the article as it was at that version. */
export function revisionHandler(repo: Repository, auth: EditorAuth): RequestHandler {
  return async (req, res) => {
    const id = await readableId(repo, req.params.id, await auth.authorizeRead(req, res));
    const revision = await repo.revisions.revision(id, validate(versaoParamSchema, req.params.versao));
    if (!revision) throw new ApiError(404, WORKFLOW_MESSAGES.revisionNotFound);
    const { snapshot, ...summary } = revision;
    sendOk(res, commandOf(res), { id, ...summary, ...snapshot });
  };
}
