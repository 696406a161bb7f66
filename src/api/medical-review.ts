import type { z } from 'zod';
import { workingCopy } from '../db/article-workflow.js';
import { VersionConflictError } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { displayName } from '../people/credentials.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { assertMay } from '../workflow/permissions.js';
import { underReview, wroteUnapproved } from '../workflow/medical-review.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import type { EditorContext } from './api-context.js';
import type { approvalRequestSchema } from './credit-schemas.js';

/**
 * POST /artigos/:id/revisao-medica: a revisor with a CRM who had no hand in it approves the current
 * version of a clinical article → { revisor, data, versao }. A version waiting for review goes public with it.
 */
export async function approveReview(
  { params, body: { versao } }: { params: { id: number }; body: z.output<typeof approvalRequestSchema> },
  { repo, editor, logger, req }: EditorContext,
) {
  const stored = await repo.articles.get(params.id);
  if (!stored) throw new ApiError(404, MESSAGES.articleNotFound);
  const article = workingCopy(stored);
  assertMay(editor, 'aprovar-revisao', article);
  const profile = editor.personId === null ? null : await repo.profiles.get(editor.personId);
  if (!profile || profile.conselho !== 'CRM' || !profile.registro) throw new ApiError(403, REVIEW_MESSAGES.reviewerNeedsCrm);
  if (versao !== undefined && versao !== stored.versao) throw new ApiError(409, WORKFLOW_MESSAGES.versionConflict(stored.versao));
  const hand = wroteUnapproved(article, profile.id_pessoa, await repo.revisions.revisions(article.id));
  if (hand) throw new ApiError(403, hand === 'autor' ? REVIEW_MESSAGES.ownArticle : REVIEW_MESSAGES.savedVersion);
  if (!underReview(article)) throw new ApiError(409, REVIEW_MESSAGES.notClinical);
  let approved;
  try {
    // The version whose history was checked: a save in between makes this a conflict, not an approval.
    approved = await repo.articles.approveReview(article.id, { id_pessoa: profile.id_pessoa, revisor: displayName(profile), expectedVersion: stored.versao });
  } catch (error) {
    if (error instanceof VersionConflictError) throw new ApiError(409, WORKFLOW_MESSAGES.versionConflict(error.currentVersion));
    throw error;
  }
  const review = approved.revisao_medica!;
  logger.info({ id: article.id, versao: review.versao, revisor: review.revisor }, 'revisão médica aprovada');
  await recordAudit(repo.audit, req, editor, 'aprovou-revisao-medica', { id_artigo: article.id, detalhes: { versao: review.versao } });
  return { revisor: review.revisor, data: review.data, versao: review.versao };
}
