import { recordAudit } from '../workflow/audit-trail.js';
import { assertMay, statusAction } from '../workflow/permissions.js';
import { assertNewArticleMayGoPublic } from '../workflow/medical-review.js';
import type { EditorContext } from './api-context.js';
import { readArticleContent } from './article-content.js';
import { readCredits } from './credits-input.js';
import { hasPlan, readPlan } from './plan-input.js';
import { planArticle } from '../workflow/calendar-plans.js';
import { validate } from './validate.js';
import { saveWorkflowSchema } from './workflow-schemas.js';

/**
 * POST /artigos/novo: authorise, validate, sanitise, store; answers the new id. Published by default
 * (the spec's flow); `status: 'rascunho'` keeps it private, `publicar_em` schedules it.
 */
export async function createArticle({ body }: { body: Record<string, unknown> }, { repo, editor, logger, req, res }: EditorContext) {
  const workflow = validate(saveWorkflowSchema, body);
  const status = workflow.publicar_em ? 'agendado' : (workflow.status ?? 'publicado');
  assertMay(editor, 'criar');
  if (status !== 'rascunho') assertMay(editor, statusAction(status));
  const content = readArticleContent(body, status !== 'rascunho');
  const credits = await readCredits(repo.people, body);
  const plan = await readPlan(repo.people, body);
  assertNewArticleMayGoPublic({ clinico: credits.clinico, status });
  const id = await repo.articles.create({
    ...content,
    ...credits,
    imagem: content.imagem ?? undefined,
    autor: editor.author,
    status,
    publicar_em: workflow.publicar_em ?? null,
    id_criador: editor.personId,
  });
  await recordAudit(repo.audit, req, editor, 'criou', { id_artigo: id, detalhes: { status } });
  if (hasPlan(plan)) await planArticle({ repo, req }, editor, id, plan);
  logger.info({ id, autor: editor.author, titulo_url: content.titulo_url, status }, 'artigo criado');
  res.setHeader('Location', `${req.baseUrl}/artigos/${id}`);
  return id;
}
