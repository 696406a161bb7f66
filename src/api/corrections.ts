import type { z } from 'zod';
import { isPublic } from '../db/article-workflow.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import type { EditorContext, PublicContext } from './api-context.js';
import type { correctionRequestSchema } from './review-schemas.js';

/**
 * POST /artigos/:id/correcoes: an editor, revisor or administrador records a dated correction of a
 * published article → { id, texto, data }. It is a relevant update and stays: a correction is only
 * ever followed by another.
 */
export async function addCorrection(
  { params: { id }, body: { texto } }: { params: { id: number }; body: z.output<typeof correctionRequestSchema> },
  { repo, editor, req }: EditorContext,
) {
  const article = await repo.articles.get(id);
  if (!article) throw new ApiError(404, MESSAGES.articleNotFound);
  const correction = await repo.corrections.add(id, { texto, autor: editor.author, id_pessoa: editor.personId }, new Date().toISOString());
  if (!correction) throw new ApiError(409, REVIEW_MESSAGES.correctionNotPublished);
  await recordAudit(repo.audit, req, editor, 'registrou-correcao', { id_artigo: id, detalhes: { id_correcao: correction.id, texto } });
  return correction;
}

/** GET /artigos/:id/correcoes: the corrections of a public article, newest first, as its page shows them. */
export async function listCorrections({ params: { id } }: { params: { id: number } }, { repo }: PublicContext) {
  const article = await repo.articles.get(id);
  if (!article || !isPublic(article, new Date().toISOString())) throw new ApiError(404, MESSAGES.articleNotFound);
  return repo.corrections.list(id);
}
