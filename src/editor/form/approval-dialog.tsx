import { useEffect, useId, useState } from 'react';
import type { ApprovedReview, ArticleApi, Credentials } from '../../client/article-api.js';
import { countsSentence, DiffParagraphs, Pieces } from '../../components/word-diff.js';
import { articleText } from '../../content/html-text.js';
import { diffCounts, textDiff, wordDiff, type DiffLine, type Piece } from '../../content/word-diff.js';
import { ModalDialog } from '../ui/modal-dialog.js';
import { formatSaoPaulo } from '../../content/sao-paulo-time.js';

export const APPROVAL_DIALOG_MESSAGES = {
  title: 'Aprovar revisão médica',
  submit: 'Aprovar',
  loading: 'Carregando o que mudou…',
  since: (review: ApprovedReview) => `Mudanças desde a versão ${review.versao}, aprovada por ${review.revisor} em ${formatSaoPaulo(review.data)}:`,
  first: 'Primeira aprovação deste artigo: todo o texto é novo para a revisão.',
  titleLabel: 'Título:',
  loadFailed: (message: string) => `Não foi possível carregar a comparação: ${message}`,
  consequence: 'Ao aprovar, esta versão passa a ser a aprovada e a autoria recebe um e-mail.',
  nextReview: 'Próxima revisão em',
  months: (meses: number) => `${meses} meses`,
  nextReviewHint: 'Quando o artigo deve ser revisto de novo (de 3 a 36 meses).',
} as const;

/** The spans an approval may hold (the API takes 3 to 36 months). */
const MONTH_CHOICES = Array.from({ length: 34 }, (_, index) => index + 3);

interface Changes {
  title: Piece[];
  lines: DiffLine[];
}

interface ApprovalDialogProps {
  api: ArticleApi;
  id: number;
  /** The last approval, whose version the comparison starts from; null on a first review. */
  review: ApprovedReview | null;
  credentials: () => Credentials | null;
  /** The months chosen at first: REVIEW_INTERVAL_MONTHS. */
  defaultMonths: number;
  onApprove: (meses: number) => void;
  onClose: () => void;
}

/** The confirmation of an approval: what the revisor vouches for, against the version approved before (the history's comparison). */
export function ApprovalDialog({ api, id, review, credentials, defaultMonths, onApprove, onClose }: ApprovalDialogProps) {
  const [changes, setChanges] = useState<Changes | string | null>(null);
  const [months, setMonths] = useState(defaultMonths);
  const monthsId = useId();
  useEffect(() => {
    const creds = credentials();
    if (!creds) return;
    let current = true;
    void Promise.all([api.getForEditing(id, creds), review ? api.revision(id, review.versao, creds) : Promise.resolve(null)]).then(([now, before]) => {
      if (!current) return;
      if (!now.ok) return setChanges(APPROVAL_DIALOG_MESSAGES.loadFailed(now.message));
      if (before && !before.ok) return setChanges(APPROVAL_DIALOG_MESSAGES.loadFailed(before.message));
      const old = before ? before.value : { titulo: '', conteudo: '' };
      setChanges({ title: wordDiff(old.titulo, now.value.titulo), lines: textDiff(articleText(old.conteudo), articleText(now.value.conteudo)) });
    });
    return () => {
      current = false;
    };
  }, [api, id, review, credentials]);

  return (
    <ModalDialog title={APPROVAL_DIALOG_MESSAGES.title} submitLabel={APPROVAL_DIALOG_MESSAGES.submit} onSubmit={() => onApprove(months)} onClose={onClose}>
      <p>{review ? APPROVAL_DIALOG_MESSAGES.since(review) : APPROVAL_DIALOG_MESSAGES.first}</p>
      {changes === null && <p role="status">{APPROVAL_DIALOG_MESSAGES.loading}</p>}
      {typeof changes === 'string' && <p className="field-error">{changes}</p>}
      {changes !== null && typeof changes !== 'string' && (
        <div className="approval-changes">
          <p>
            {APPROVAL_DIALOG_MESSAGES.titleLabel} <Pieces pieces={changes.title} />
          </p>
          <p className="approval-counts">{countsSentence(diffCounts(changes.lines.flatMap((line) => line.pieces)))}</p>
          <DiffParagraphs lines={changes.lines} />
        </div>
      )}
      <div className="rte-dialog-field">
        <label htmlFor={monthsId}>{APPROVAL_DIALOG_MESSAGES.nextReview}</label>
        <select id={monthsId} value={months} aria-describedby={`${monthsId}-dica`} onChange={(event) => setMonths(Number(event.target.value))}>
          {MONTH_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {APPROVAL_DIALOG_MESSAGES.months(choice)}
            </option>
          ))}
        </select>
        <p id={`${monthsId}-dica`} className="field-hint">
          {APPROVAL_DIALOG_MESSAGES.nextReviewHint}
        </p>
      </div>
      <p className="field-hint">{APPROVAL_DIALOG_MESSAGES.consequence}</p>
    </ModalDialog>
  );
}
