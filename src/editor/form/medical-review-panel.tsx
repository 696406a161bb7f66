import { useEffect, useId, useMemo, useState } from 'react';
import { createArticleApi, type ApprovedReview, type Credentials } from '../../client/article-api.js';
import { ApprovalDialog } from './approval-dialog.js';
import { formatSaoPaulo } from '../../content/sao-paulo-time.js';

export const REVIEW_PANEL_MESSAGES = {
  title: 'Revisão médica',
  waiting: 'Aguardando revisão médica',
  waitingLive: 'Aguardando revisão médica: o site continua mostrando a versão aprovada.',
  reviewed: (review: ApprovedReview) => `Revisado por ${review.revisor} em ${formatSaoPaulo(review.data)} (versão ${review.versao}).`,
  lastApproval: (review: ApprovedReview) => `Última aprovação: ${review.revisor}, em ${formatSaoPaulo(review.data)} (versão ${review.versao}).`,
  approve: 'Aprovar revisão médica',
  approved: 'Revisão médica aprovada.',
  saveFirst: 'Salve o artigo antes de aprovar a revisão.',
  due: (day: string) => `Próxima revisão até ${brazilianDay(day)}.`,
  dueField: 'Próxima revisão até (administradores)',
  dueSave: 'Salvar data da revisão',
  dueSaved: (day: string | null) => (day ? `Revisão marcada para até ${brazilianDay(day)}.` : 'O artigo ficou sem data de revisão.'),
} as const;

/** AAAA-MM-DD as dd/mm/aaaa. */
const brazilianDay = (day: string) => day.split('-').reverse().join('/');

interface MedicalReviewPanelProps {
  apiBasePath: string;
  /** The article on the server; null while it has not been saved. */
  id: number | null;
  versao: number | null;
  clinical: boolean;
  /** Whether the version on the server waits for a review (GET for editing says it). */
  waiting: boolean;
  review: ApprovedReview | null;
  /** The signed-in person's role may approve (the server still asks for a CRM and refuses their own article). */
  mayApprove: boolean;
  /** Whether the article is public: an approval then takes the waiting version live. */
  live: boolean;
  /** The months an approval holds unless the revisor picks another span (REVIEW_INTERVAL_MONTHS). */
  defaultMonths: number;
  /** Administrators may set the due day to any day (or none). */
  maySetDue: boolean;
  credentials: () => Credentials | null;
  /** Told whenever it is known whether the saved version waits for a review ("Antes de publicar" blocks on it). */
  onWaitingChange?: (waiting: boolean) => void;
}

/** The state of a clinical article's medical review, and for reviewers the button that approves it. */
export function MedicalReviewPanel(props: MedicalReviewPanelProps) {
  const { apiBasePath, id, versao, clinical, mayApprove, live, defaultMonths, maySetDue, credentials, onWaitingChange } = props;
  const api = useMemo(() => createArticleApi(apiBasePath), [apiBasePath]);
  const [server, setServer] = useState<{ waiting: boolean; review: ApprovedReview | null } | null>(null);
  const [due, setDue] = useState<string | null>(null);
  const [dueInput, setDueInput] = useState('');
  const dueFieldId = useId();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Every save makes a version: the server says whether its text still needs a review (a save of a
  // published article is held back until it gets one).
  useEffect(() => {
    const creds = credentials();
    if (!clinical || id === null || versao === null || !creds) return;
    let current = true;
    void api.getForEditing(id, creds).then((result) => {
      if (!current || !result.ok) return;
      setServer({ waiting: result.value.aguardando_revisao_medica === true, review: result.value.revisao_medica ?? null });
      setDue(result.value.proxima_revisao ?? null);
      setDueInput(result.value.proxima_revisao ?? '');
    });
    return () => {
      current = false;
    };
  }, [api, id, versao, clinical, credentials]);
  const review = server ? server.review : props.review;
  const waiting = server ? server.waiting : props.waiting;
  useEffect(() => onWaitingChange?.(waiting), [waiting, onWaitingChange]);
  if (!clinical) return null;

  const approve = async (meses?: number) => {
    setConfirming(false);
    const creds = credentials();
    if (id === null || versao === null || !creds) {
      setMessage({ kind: 'error', text: REVIEW_PANEL_MESSAGES.saveFirst });
      return;
    }
    setBusy(true);
    const result = await api.approveReview(id, creds, versao, meses);
    setBusy(false);
    if (result.ok) {
      setServer({ waiting: false, review: result.value });
      setDue(result.value.proxima_revisao);
      setDueInput(result.value.proxima_revisao ?? '');
      setMessage({ kind: 'success', text: REVIEW_PANEL_MESSAGES.approved });
    } else {
      setMessage({ kind: 'error', text: result.message });
    }
  };

  const saveDue = async () => {
    const creds = credentials();
    if (id === null || !creds) {
      setMessage({ kind: 'error', text: REVIEW_PANEL_MESSAGES.saveFirst });
      return;
    }
    setBusy(true);
    const result = await api.setNextReview(id, creds, dueInput || null);
    setBusy(false);
    if (result.ok) {
      setDue(result.value.proxima_revisao);
      setMessage({ kind: 'success', text: REVIEW_PANEL_MESSAGES.dueSaved(result.value.proxima_revisao) });
    } else {
      setMessage({ kind: 'error', text: result.message });
    }
  };

  return (
    <section className="medical-review-panel" aria-labelledby="revisao-medica-titulo">
      <h2 id="revisao-medica-titulo">{REVIEW_PANEL_MESSAGES.title}</h2>
      <p className="medical-review-state" role="status">
        {waiting ? (live && review ? REVIEW_PANEL_MESSAGES.waitingLive : REVIEW_PANEL_MESSAGES.waiting) : review && REVIEW_PANEL_MESSAGES.reviewed(review)}
      </p>
      {waiting && review && <p className="field-hint">{REVIEW_PANEL_MESSAGES.lastApproval(review)}</p>}
      {due && <p className="medical-review-due">{REVIEW_PANEL_MESSAGES.due(due)}</p>}
      {maySetDue && id !== null && (
        <div className="field medical-review-due-field">
          <label htmlFor={dueFieldId}>{REVIEW_PANEL_MESSAGES.dueField}</label>
          <input id={dueFieldId} type="date" value={dueInput} disabled={busy} onChange={(event) => setDueInput(event.target.value)} />
          <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void saveDue()}>
            {REVIEW_PANEL_MESSAGES.dueSave}
          </button>
        </div>
      )}
      {mayApprove && waiting && (
        <button type="button" className="button button-primary button-small" disabled={busy} onClick={() => (id === null || versao === null ? void approve() : setConfirming(true))}>
          {REVIEW_PANEL_MESSAGES.approve}
        </button>
      )}
      {confirming && id !== null && <ApprovalDialog api={api} id={id} review={review} credentials={credentials} defaultMonths={defaultMonths} onApprove={(meses) => void approve(meses)} onClose={() => setConfirming(false)} />}
      {message && <p className={message.kind === 'error' ? 'field-error' : 'medical-review-done'}>{message.text}</p>}
    </section>
  );
}
