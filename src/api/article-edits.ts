import type { z } from 'zod';
import { isPublic, workingCopy } from '../db/article-workflow.js';
import type { ArticleStatus, RevisionAction, StoredArticle } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { assertMay, assertMayChangeContent, statusAction, type StatusAction } from '../workflow/permissions.js';
import { assertPublishable, restoreVersion, saveChange as save, willBePublic } from '../workflow/article-saves.js';
import { publishWarnings } from '../workflow/pre-publish.js';
import { ApiError } from '../lib/api-error.js';
import type { EditorContext } from './api-context.js';
import { readArticleContent } from './article-content.js';
import { relevanceSchema } from './credit-schemas.js';
import { readCredits } from './credits-input.js';
import { hasPlan, readPlan } from './plan-input.js';
import { planArticle } from '../workflow/calendar-plans.js';
import { MESSAGES } from '../lib/messages.js';
import { validate } from './validate.js';
import { divertIfTakenOver } from '../workflow/edit-locks.js';
import { editTokenFieldSchema } from './edit-lock-schemas.js';
import { saveWorkflowSchema, versaoSchema, type restoreRequestSchema, type statusRequestSchema } from './workflow-schemas.js';

/** PUT, status, DELETE and restore: every change an editor makes to an existing article. */

/** How the audit log names a move of state. */
const AUDITED: Record<StatusAction, string> = { publicar: 'publicou', agendar: 'agendou', despublicar: 'despublicou' };

async function load(repo: Repository, id: number): Promise<StoredArticle> {
  const article = await repo.articles.get(id);
  if (!article) throw new ApiError(404, MESSAGES.articleNotFound);
  return workingCopy(article);
}

/** What the history calls a move to `status`; going back to draft takes a public article down. */
function actionFor(current: StoredArticle, status: ArticleStatus): RevisionAction {
  if (status !== 'rascunho') return status;
  return isPublic(current, new Date().toISOString()) ? 'despublicado' : 'editado';
}

/** A public article's "Antes de publicar" warnings, in the answer that made it (or kept it) public. */
function warningsField(saved: StoredArticle) {
  return willBePublic(saved.status) ? { avisos: publishWarnings(saved) } : {};
}

/** PUT /artigos/:id: the fields of novo plus the versao they were read at → { id, versao }. */
export async function updateArticle({ params, body }: { params: { id: number }; body: Record<string, unknown> }, { repo, editor, logger, req }: EditorContext) {
  const current = await load(repo, params.id);
  const versao = validate(versaoSchema, body.versao);
  const workflow = validate(saveWorkflowSchema, body);
  const status: ArticleStatus = workflow.publicar_em ? 'agendado' : (workflow.status ?? current.status);
  const publicar_em = status === 'agendado' ? (workflow.publicar_em ?? current.publicar_em) : null;
  const content = { ...readArticleContent(body, willBePublic(status)), ...(await readCredits(repo.people, body)) };
  const { atualizacao_relevante } = validate(relevanceSchema, body);
  const plan = await readPlan(repo.people, body);
  const moves = status !== current.status || publicar_em !== current.publicar_em;
  assertMayChangeContent(editor, 'editar', current);
  if (moves) assertMay(editor, statusAction(status), current);
  const { edicao } = validate(editTokenFieldSchema, body);
  if (edicao) await divertIfTakenOver(repo.editLocks, { id: current.id, versao, titular: edicao, editor, content });
  const saved = await save(repo, current.id, {
  autor: editor.author,
  id_pessoa: editor.personId,
  acao: moves ? actionFor(current, status) : 'editado',
  expectedVersion: versao,
  content,
  relevante: atualizacao_relevante,
  ...(moves ? { status: { status, publicar_em } } : {}),
  });
  logger.info({ id: saved.id, versao: saved.versao, autor: editor.author, status: saved.status }, 'artigo salvo');
  await recordAudit(repo.audit, req, editor, moves ? AUDITED[statusAction(status)] : 'editou', { id_artigo: saved.id, detalhes: { versao: saved.versao } });
  if (hasPlan(plan)) await planArticle({ repo, req }, editor, saved.id, plan);
  // Readers keep the approved version of a clinical article until a doctor approves this one.
  return { id: saved.id, versao: saved.versao, ...(saved.pendente ? { aguardando_revisao_medica: true } : {}), ...warningsField(saved) };
}

/** POST /artigos/:id/status: { status, publicar_em? } → { id, status, versao }. */
export async function changeStatus(
  { params, body: request }: { params: { id: number }; body: z.output<typeof statusRequestSchema> },
  { repo, editor, logger, req }: EditorContext,
) {
  const current = await load(repo, params.id);
  assertMay(editor, statusAction(request.status), current);
  if (willBePublic(request.status)) assertPublishable(current);
  const saved = await save(repo, current.id, {
    autor: editor.author,
    id_pessoa: editor.personId,
    acao: actionFor(current, request.status),
    ...(request.versao !== undefined ? { expectedVersion: request.versao } : {}),
    status: { status: request.status, publicar_em: request.publicar_em ?? null },
  });
  logger.info({ id: saved.id, versao: saved.versao, autor: editor.author, status: saved.status }, 'estado do artigo alterado');
  await recordAudit(repo.audit, req, editor, AUDITED[statusAction(request.status)], { id_artigo: saved.id, detalhes: { versao: saved.versao } });
  return { id: saved.id, status: saved.status, versao: saved.versao, ...warningsField(saved) };
}

/** DELETE /artigos/:id: the article, its images and its history; a once-public URL then answers 410. */
export async function deleteArticle({ params }: { params: { id: number } }, { repo, editor, logger, req }: EditorContext) {
  const current = await load(repo, params.id);
  assertMay(editor, 'remover', current);
  if (!(await repo.articles.remove(current.id))) throw new ApiError(404, MESSAGES.articleNotFound);
  const id = current.id;
  logger.info({ id, autor: editor.author }, 'artigo removido');
  await recordAudit(repo.audit, req, editor, 'removeu', { id_artigo: id });
  return { id };
}

/** POST /artigos/:id/revisoes/:versao/restaurar: a version's content as a new version, optionally at the version it was decided at. */
export async function restoreRevision(
  { params, body: { versao } }: { params: { id: number; versao: number }; body: z.output<typeof restoreRequestSchema> },
  { repo, editor, logger, req }: EditorContext,
) {
  const current = await load(repo, params.id);
  assertMayChangeContent(editor, 'restaurar', current);
  const saved = await restoreVersion(repo, current, {
    versao: params.versao,
    autor: editor.author,
    id_pessoa: editor.personId,
    ...(versao !== undefined ? { expectedVersion: versao } : {}),
  });
  logger.info({ id: saved.id, versao: saved.versao, restaurada: req.params.versao, autor: editor.author }, 'versão restaurada');
  await recordAudit(repo.audit, req, editor, 'restaurou', { id_artigo: saved.id, detalhes: { versao: saved.versao, de: req.params.versao } });
  return { id: saved.id, versao: saved.versao };
}
