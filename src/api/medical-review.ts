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
import type { approvalRequestSchema, dueDateRequestSchema } from './credit-schemas.js';
import { nextReviewDay } from '../workflow/review-schedule.js';
import { assertNoOpenNotes } from '../workflow/draft-notes.js';
import { announceApproval } from '../workflow/approval-mail.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { editArticlePath } from '../routes/paths.js';

/**
 * POST /artigos/:id/revisao-medica: a revisor with a CRM who had no hand in it approves the current
 * version of a clinical article → { revisor, data, versao, proxima_revisao }. A version waiting for
 * review goes public with it; approving again the text already approved renews the review (issue 33).
 */
export async function approveReview(
  { params, body: { versao, meses } }: { params: { id: number }; body: z.output<typeof approvalRequestSchema> },
  { repo, editor, logger, req, config }: EditorContext,
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
  await assertNoOpenNotes(repo, article.id);
  let approved;
  try {
    // The version whose history was checked: a save in between makes this a conflict, not an approval.
    const proxima_revisao = nextReviewDay(new Date(), meses ?? config.site.editorial.reviewIntervalMonths);
    approved = await repo.articles.approveReview(article.id, { id_pessoa: profile.id_pessoa, revisor: displayName(profile), proxima_revisao, expectedVersion: stored.versao });
  } catch (error) {
    if (error instanceof VersionConflictError) throw new ApiError(409, WORKFLOW_MESSAGES.versionConflict(error.currentVersion));
    throw error;
  }
  const review = approved.revisao_medica!;
  logger.info({ id: article.id, versao: review.versao, revisor: review.revisor }, 'revisão médica aprovada');
  // After the approval's own transaction: the key makes a retried request tell each author once.
  await announceApproval(repo, config.site, { article: approved, versao: review.versao, revisor: { id: profile.id_pessoa, nome: review.revisor }, url: absoluteUrl(config.site, editArticlePath(article.id)), now: new Date() });
  await recordAudit(repo.audit, req, editor, 'aprovou-revisao-medica', { id_artigo: article.id, detalhes: { versao: review.versao, proxima_revisao: approved.proxima_revisao } });
  return { revisor: review.revisor, data: review.data, versao: review.versao, proxima_revisao: approved.proxima_revisao };
}

/** PATCH /artigos/:id/revisao-medica (administrators): the review is due on another day, or on none → { proxima_revisao }. */
export async function setNextReview(
  { params, body: { proxima_revisao } }: { params: { id: number }; body: z.output<typeof dueDateRequestSchema> },
  { repo, editor, req }: EditorContext,
) {
  const before = await repo.articles.get(params.id);
  const saved = before && (await repo.reviewQueue.setNextReview(params.id, proxima_revisao));
  if (!before || !saved) throw new ApiError(404, MESSAGES.articleNotFound);
  await recordAudit(repo.audit, req, editor, 'definiu-proxima-revisao', { id_artigo: params.id, detalhes: { de: before.proxima_revisao, para: proxima_revisao } });
  return { proxima_revisao: saved.proxima_revisao };
}
