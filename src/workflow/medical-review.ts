import { createHash } from 'node:crypto';
import { pendingFields, workingCopy } from '../db/article-workflow.js';
import type { ReviewDecisions } from '../db/article-store.js';
import { ReviewRequiredError } from './review-required.js';
import { type ArticleChange, type ArticleStatus, type MedicalReview, type StoredArticle } from '../db/repository.js';
import { type RevisionSummary } from '../db/revision-store.js';

/**
 * The rules of a clinical article's medical review (decision 020, issue 29), pure so that both
 * databases apply them inside the write's transaction and the API asks them the same questions.
 */

/** What an approval vouches for: everything the page presents as checked by a doctor, and the flag that says it is health content. */
export const REVIEWED_FIELDS = ['titulo', 'descricao', 'conteudo', 'referencias', 'keywords', 'imagem_nome', 'imagem_caption', 'imagem_alt', 'autores', 'clinico'] as const;

type Reviewed = Pick<StoredArticle, (typeof REVIEWED_FIELDS)[number] | 'revisao_medica'>;

/** Marks the digests of REVIEWED_FIELDS; approvals stored before issue 29 have a bare digest of three fields. */
const DIGEST_PREFIX = 'v2:';

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export function reviewDigest(article: Omit<Reviewed, 'revisao_medica'>): string {
  return DIGEST_PREFIX + sha256(REVIEWED_FIELDS.map((field) => article[field]));
}

const legacyDigest = (article: Pick<StoredArticle, 'titulo' | 'descricao' | 'conteudo'>) => sha256([article.titulo, article.descricao, article.conteudo]);
const isLegacy = (review: MedicalReview) => !review.digest.startsWith(DIGEST_PREFIX);

/** Whether a doctor approved exactly this (in this version or an earlier one with the same reviewed fields). */
export function isApproved(article: Reviewed): boolean {
  const review = article.revisao_medica;
  if (review === null) return false;
  return review.digest === (isLegacy(review) ? legacyDigest(article) : reviewDigest(article));
}

/** Approvals before issue 29 were all of clinical versions. */
const approvedClinical = (review: MedicalReview | null) => review !== null && review.clinico !== false;

/**
 * Whether a doctor's approval governs the article: it is clinical, or its last approval was of a clinical
 * version, so that switching `clinico` off is itself a change to review.
 */
export const underReview = (article: Reviewed) => article.clinico || approvedClinical(article.revisao_medica);

/** Content under review that no doctor approved may not reach readers. */
export const needsReview = (article: Reviewed) => underReview(article) && !isApproved(article);

/** A new article has no approved version yet: clinical content starts as a draft. */
export function assertNewArticleMayGoPublic(article: { clinico?: boolean; status: ArticleStatus }): void {
  if (article.clinico === true && article.status !== 'rascunho') throw new ReviewRequiredError(null);
}

/**
 * The row's approval with a digest of REVIEWED_FIELDS: an approval stored before issue 29 that still
 * matches the row's text is taken to cover what readers see of it now, as a clinical version, so that
 * from the next save on every reviewed field is held like the text.
 */
function currentApproval(stored: StoredArticle): MedicalReview | null {
  const review = stored.revisao_medica;
  if (review === null || !isLegacy(review) || review.digest !== legacyDigest(stored)) return review;
  return { ...review, clinico: true, digest: reviewDigest({ ...stored, clinico: true }) };
}

/**
 * What an update stores, `stored` being the row as it is (what readers see) and `next` the editors'
 * new version. Making public a version no doctor approved throws ReviewRequiredError; an edit of one
 * already public is held back (`pendente`) and readers keep the approved version until a review.
 */
export function storedUpdate(stored: StoredArticle, next: StoredArticle, change: ArticleChange): StoredArticle {
  const revisao_medica = currentApproval(stored);
  const row = { ...stored, revisao_medica };
  const version = { ...next, revisao_medica };
  const willBePublic = version.status === 'publicado' || version.status === 'agendado';
  if (!willBePublic || !needsReview(version)) return { ...version, pendente: null };
  if (change.status) throw new ReviewRequiredError(stored.id);
  const relevante = (stored.pendente?.relevante ?? false) || change.relevante !== false;
  return { ...version, ...pendingFields(row), data_atualizacao: stored.data_atualizacao, pendente: { fields: pendingFields(version), relevante } };
}

/**
 * The article once `reviewer` approves its working copy at `now`: a version waiting for review goes
 * public, and the review holds until `proxima_revisao`. Approving again a text already approved (the
 * periodic review) records the new approval without changing what readers read.
 */
export function approvedArticle(stored: StoredArticle, reviewer: { id_pessoa: number; revisor: string; proxima_revisao: string }, now: string): StoredArticle {
  const working = workingCopy(stored);
  const { proxima_revisao, ...by } = reviewer;
  const review: MedicalReview = { ...by, data: now, versao: stored.versao, digest: reviewDigest(working), clinico: working.clinico };
  const moved = stored.pendente?.relevante ? now : stored.data_atualizacao;
  return { ...working, revisao_medica: review, proxima_revisao, pendente: null, data_atualizacao: stored.pendente ? moved : stored.data_atualizacao };
}

/**
 * Four eyes: whether `personId` had a hand in what waits for approval. The creator and the listed
 * authors always did; anyone else if they saved any version since the last approval (since the
 * creation, when there was none), a change of state included, as the revisions record it.
 */
export function wroteUnapproved(article: StoredArticle, personId: number, revisions: Pick<RevisionSummary, 'versao' | 'id_pessoa'>[]): 'autor' | 'versao' | null {
  if (article.id_criador === personId || article.autores.includes(personId)) return 'autor';
  const since = article.revisao_medica?.versao ?? 0;
  return revisions.some((revision) => revision.versao > since && revision.id_pessoa === personId) ? 'versao' : null;
}

/** The decisions storage applies inside an article's write: the one place that refuses an unreviewed publication. */
export const REVIEW_DECISIONS: ReviewDecisions = {
  storedUpdate,
  approvedArticle,
  needsReview,
};
