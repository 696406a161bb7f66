import { workingCopy } from '../db/article-workflow.js';
import { ApiError } from '../lib/api-error.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { MESSAGES } from '../lib/messages.js';
import { editArticlePath } from '../routes/paths.js';
import { needsReview } from '../workflow/medical-review.js';
import { assertMay } from '../workflow/permissions.js';
import { REVIEW_MESSAGES } from '../workflow/review-messages.js';
import { requestMedicalReview } from '../workflow/review-request.js';
import type { EditorContext } from './api-context.js';

/**
 * POST /artigos/:id/pedido-de-revisao: whoever may edit a clinical article sends its current version for
 * medical review → { revisores }: each revisor is e-mailed once per version (issue 34).
 */
export async function requestReview({ params }: { params: { id: number } }, { repo, editor, logger, config }: EditorContext) {
  const stored = await repo.articles.get(params.id);
  if (!stored) throw new ApiError(404, MESSAGES.articleNotFound);
  const article = workingCopy(stored);
  assertMay(editor, 'editar', article);
  if (!needsReview(article)) throw new ApiError(409, REVIEW_MESSAGES.nothingToReview);
  const por = { id: editor.personId, nome: editor.author };
  const revisores = await requestMedicalReview(repo, config.site, { article: { ...article, versao: stored.versao }, por, url: absoluteUrl(config.site, editArticlePath(article.id)), now: new Date() });
  logger.info({ id: article.id, versao: stored.versao, revisores }, 'revisão médica pedida');
  return { revisores };
}
