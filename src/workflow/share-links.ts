import { createHash, randomBytes } from 'node:crypto';
import { pendingFields, workingCopy } from '../db/article-workflow.js';
import type { StoredArticle } from '../db/repository.js';
import type { PinnedVersion, ShareLinkSummary } from '../db/share-link-store.js';

/**
 * Share links (issue 33): a read-only view of one version of an unpublished article for someone
 * without an account. The token is 256 random bits, given once; storage keeps its sha-256.
 */

export const SHARE_DAYS = { min: 1, max: 30, default: 7 } as const;
export const SHARE_MAX_VIEWS = 1000;

export const SHARE_MESSAGES = {
  daysInvalid: `O prazo da prévia (dias) deve ser um número inteiro de ${SHARE_DAYS.min} a ${SHARE_DAYS.max}.`,
  viewsInvalid: `O limite de visualizações (max_visualizacoes) deve ser um número inteiro de 1 a ${SHARE_MAX_VIEWS}, ou ausente.`,
  nothingUnpublished: 'Este artigo está publicado e não tem mudança à espera: não há prévia a compartilhar, o endereço público já serve.',
  notFound: 'Prévia não encontrada.',
  expirada: 'Esta prévia venceu. Peça um novo link a quem o enviou.',
  revogada: 'Esta prévia foi revogada por quem a enviou.',
  esgotada: 'Esta prévia já foi aberta o número máximo de vezes. Peça um novo link a quem o enviou.',
} as const;

export type ShareState = 'aberta' | 'expirada' | 'revogada' | 'esgotada';

export const newShareToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A token as the URL carries it: 43 base64url characters; anything else is no link at all. */
export const isWellFormedToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Whether a link opens at `now`, and if not why; revocation first, then expiry, then the views spent. */
export function shareState(link: Pick<ShareLinkSummary, 'revogado' | 'expira_em' | 'visualizacoes' | 'max_visualizacoes'>, now: string): ShareState {
  if (link.revogado) return 'revogada';
  if (link.expira_em <= now) return 'expirada';
  if (link.max_visualizacoes !== null && link.visualizacoes >= link.max_visualizacoes) return 'esgotada';
  return 'aberta';
}

/** What may be shared: a draft (or scheduled, or unpublished) article, or a published one's change awaiting review. */
export const isShareable = (article: Pick<StoredArticle, 'status' | 'pendente'>): boolean => article.status !== 'publicado' || Boolean(article.pendente);

/** The version a link is made from: what the editors see now, frozen. */
export function pinnedVersion(article: StoredArticle): PinnedVersion {
  return { versao: article.versao, fields: pendingFields(workingCopy(article)) };
}

export const expiryAfter = (now: Date, dias: number): string => new Date(now.getTime() + dias * 86_400_000).toISOString();
