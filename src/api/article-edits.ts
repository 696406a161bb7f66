import type { RequestHandler } from 'express';
import { isPublic } from '../db/article-workflow.js';
import {
  VersionConflictError,
  type ArticleChange,
  type ArticleRepository,
  type ArticleStatus,
  type RevisionAction,
  type StoredArticle,
} from '../db/repository.js';
import type { Logger } from '../logger.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { ApiError } from './api-error.js';
import { assertPublishable, readArticleContent } from './article-content.js';
import { articleIdSchema } from './article-schemas.js';
import { commandOf } from './command.js';
import { sendOk } from './envelope.js';
import { MESSAGES } from './messages.js';
import { validate } from './validate.js';
import {
  restoreRequestSchema,
  saveWorkflowSchema,
  statusRequestSchema,
  versaoParamSchema,
  versaoSchema,
} from './workflow-schemas.js';

/** PUT, status, DELETE and restore: every change an editor makes to an existing article. */

async function load(repo: ArticleRepository, rawId: unknown): Promise<StoredArticle> {
  const article = await repo.get(validate(articleIdSchema, rawId));
  if (!article) throw new ApiError(404, MESSAGES.articleNotFound);
  return article;
}

async function save(repo: ArticleRepository, id: number, change: ArticleChange): Promise<StoredArticle> {
  try {
    return await repo.update(id, change);
  } catch (error) {
    if (error instanceof VersionConflictError) throw new ApiError(409, WORKFLOW_MESSAGES.versionConflict(error.currentVersao));
    throw error;
  }
}

/** What the history calls a move to `status`; going back to draft takes a public article down. */
function actionFor(current: StoredArticle, status: ArticleStatus): RevisionAction {
  if (status !== 'rascunho') return status;
  return isPublic(current, new Date().toISOString()) ? 'despublicado' : 'editado';
}

const willBePublic = (status: ArticleStatus) => status === 'publicado' || status === 'agendado';

/** PUT /artigos/:id: the fields of novo plus the versao they were read at → { id, versao }. */
export function updateArticleHandler(repo: ArticleRepository, auth: EditorAuth, logger: Logger): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    const current = await load(repo, req.params.id);
    const body = req.body as Record<string, unknown>;
    const versao = validate(versaoSchema, body.versao);
    const workflow = validate(saveWorkflowSchema, body);
    const status: ArticleStatus = workflow.publicar_em ? 'agendado' : (workflow.status ?? current.status);
    const publicar_em = status === 'agendado' ? (workflow.publicar_em ?? current.publicar_em) : null;
    const content = readArticleContent(body, willBePublic(status));
    const moves = status !== current.status || publicar_em !== current.publicar_em;
    const saved = await save(repo, current.id, {
      autor: editor.author,
      acao: moves ? actionFor(current, status) : 'editado',
      expectedVersao: versao,
      content,
      ...(moves ? { status: { status, publicar_em } } : {}),
    });
    logger.info({ id: saved.id, versao: saved.versao, autor: editor.author, status: saved.status }, 'artigo salvo');
    sendOk(res, commandOf(res), { id: saved.id, versao: saved.versao });
  };
}

/** POST /artigos/:id/status: { status, publicar_em? } → { id, status, versao }. */
export function changeStatusHandler(repo: ArticleRepository, auth: EditorAuth, logger: Logger): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    const current = await load(repo, req.params.id);
    const request = validate(statusRequestSchema, req.body);
    if (willBePublic(request.status)) assertPublishable(current);
    const saved = await save(repo, current.id, {
      autor: editor.author,
      acao: actionFor(current, request.status),
      ...(request.versao !== undefined ? { expectedVersao: request.versao } : {}),
      status: { status: request.status, publicar_em: request.publicar_em ?? null },
    });
    logger.info({ id: saved.id, versao: saved.versao, autor: editor.author, status: saved.status }, 'estado do artigo alterado');
    sendOk(res, commandOf(res), { id: saved.id, status: saved.status, versao: saved.versao });
  };
}

/** DELETE /artigos/:id: the article, its images and its history; a once-public URL then answers 410. */
export function deleteArticleHandler(repo: ArticleRepository, auth: EditorAuth, logger: Logger): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    const id = validate(articleIdSchema, req.params.id);
    if (!(await repo.remove(id))) throw new ApiError(404, MESSAGES.articleNotFound);
    logger.info({ id, autor: editor.author }, 'artigo removido');
    sendOk(res, commandOf(res), { id });
  };
}

/**
 * A version's content saved as a new version; the state is kept. ApiError 404 (article or version),
 * 409 (expectedVersao is stale) or 400 (the article is public and that version is incomplete).
 * Shared by the API and the history page's restore form.
 */
export async function restoreRevision(
  repo: ArticleRepository,
  request: { id: unknown; versao: unknown; autor: string; expectedVersao?: number },
): Promise<StoredArticle> {
  const current = await load(repo, request.id);
  const revision = await repo.revision(current.id, validate(versaoParamSchema, request.versao));
  if (!revision) throw new ApiError(404, WORKFLOW_MESSAGES.revisionNotFound);
  const { snapshot } = revision;
  if (willBePublic(current.status)) assertPublishable(snapshot);
  return save(repo, current.id, {
    autor: request.autor,
    acao: 'restaurado',
    ...(request.expectedVersao !== undefined ? { expectedVersao: request.expectedVersao } : {}),
    content: {
      titulo: snapshot.titulo,
      titulo_url: snapshot.titulo_url,
      descricao: snapshot.descricao,
      keywords: snapshot.keywords,
      conteudo: snapshot.conteudo,
      imagem:
        snapshot.imagem_nome && snapshot.imagem_caption && snapshot.imagem_width && snapshot.imagem_height
          ? { nome: snapshot.imagem_nome, caption: snapshot.imagem_caption, width: snapshot.imagem_width, height: snapshot.imagem_height }
          : null,
    },
  });
}

/** POST /artigos/:id/revisoes/:versao/restaurar: restoreRevision, optionally at the version it was decided at. */
export function restoreRevisionHandler(repo: ArticleRepository, auth: EditorAuth, logger: Logger): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    const { versao } = validate(restoreRequestSchema, req.body);
    const saved = await restoreRevision(repo, {
      id: req.params.id,
      versao: req.params.versao,
      autor: editor.author,
      ...(versao !== undefined ? { expectedVersao: versao } : {}),
    });
    logger.info({ id: saved.id, versao: saved.versao, restaurada: req.params.versao, autor: editor.author }, 'versão restaurada');
    sendOk(res, commandOf(res), { id: saved.id, versao: saved.versao });
  };
}
