import type { RequestHandler } from 'express';
import { workingCopy } from '../db/article-workflow.js';
import { VersionConflictError, type Repository } from '../db/repository.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import type { Logger } from '../logger.js';
import { displayName } from '../people/credentials.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { EditorAuth } from '../workflow/editor-auth.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import { assertMay } from '../workflow/permissions.js';
import { underReview, wroteUnapproved } from '../workflow/medical-review.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import { articleIdSchema } from './article-schemas.js';
import { commandOf } from './command.js';
import { approvalRequestSchema } from './credit-schemas.js';
import { sendOk } from './envelope.js';
import { validate } from './validate.js';

/**
 * POST /artigos/:id/revisao-medica: a revisor with a CRM who had no hand in it approves the current
 * version of a clinical article → { revisor, data, versao }. A version waiting for review goes public with it.
 */
export function approveReviewHandler(repo: Repository, auth: EditorAuth, logger: Logger): RequestHandler {
  return async (req, res) => {
    const editor = await auth.authorize(req, res);
    const { versao } = validate(approvalRequestSchema, req.body ?? {});
    const stored = await repo.articles.get(validate(articleIdSchema, req.params.id));
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
    sendOk(res, commandOf(res), { revisor: review.revisor, data: review.data, versao: review.versao });
  };
}
