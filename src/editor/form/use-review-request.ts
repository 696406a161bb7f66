import { useCallback, useState } from 'react';
import type { ArticleApi, Credentials } from '../../client/article-api.js';

export const REVIEW_REQUEST_MESSAGES = {
  sent: (revisores: number) =>
    revisores === 0
      ? 'Enviado para revisão médica, mas não há revisores ativos para avisar: peça a um administrador que convide um.'
      : `Enviado para revisão médica: ${revisores === 1 ? 'o revisor foi avisado' : `os ${revisores} revisores foram avisados`} por e-mail.`,
} as const;

interface ReviewRequestDeps {
  api: ArticleApi;
  credentials: () => Credentials | null;
  /** Saves the draft; true once the server has it. */
  saveDraft: () => Promise<boolean>;
  articleId: () => number | null;
  say: (kind: 'info' | 'error', text: string) => void;
}

/**
 * "Enviar para revisão médica" (issue 34): the draft is saved, then the server e-mails the revisores.
 * `waiting` follows the review panel (whether the saved version waits for a review).
 */
export function useReviewRequest(deps: ReviewRequestDeps, onWaitingChange: (waiting: boolean) => void) {
  const [waiting, setWaiting] = useState(true);
  const waitingChanged = useCallback(
    (value: boolean) => {
      setWaiting(value);
      onWaitingChange(value);
    },
    [onWaitingChange],
  );
  const send = async () => {
    if (!(await deps.saveDraft())) return;
    const creds = deps.credentials();
    const id = deps.articleId();
    if (!creds || id === null) return;
    const result = await deps.api.requestReview(id, creds);
    if (result.ok) deps.say('info', REVIEW_REQUEST_MESSAGES.sent(result.value.revisores));
    else deps.say('error', result.message);
  };
  return { waiting, waitingChanged, send };
}
