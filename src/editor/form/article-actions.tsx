import type { ArticleStatus } from '../../client/article-api.js';
import type { FormLinks } from './form-props.js';
import { isPublic } from './publish-flow.js';

export type ActionName = 'draft' | 'publish' | 'schedule' | 'unpublish' | 'review';

interface ArticleActionsProps {
  links: Pick<FormLinks, 'history' | 'preview'>;
  id: number | null;
  status: ArticleStatus | null;
  busy: boolean;
  onAction: (action: ActionName) => void;
  /** The role may publish, schedule and unpublish this article; otherwise only drafts are offered. */
  mayPublish: boolean;
  /** A clinical draft no doctor approved: it goes to the revisores instead of going out (issue 34). */
  reviewFirst: boolean;
}


/**
 * The buttons of the form. None of them is a submit button, so Enter in a one-line field never
 * saves or publishes anything (issue 11). The same words before and after the first save: the spec's
 * "Salvar" publishes (its confirmation says so), "Atualizar" once the article is live. A clinical draft
 * waiting for its review offers "Enviar para revisão médica" in their place: nothing could go out yet.
 */
export function ArticleActions({ id, status, busy, onAction, links, mayPublish, reviewFirst }: ArticleActionsProps) {
  const primary = status === 'publicado' ? 'Atualizar' : 'Salvar';
  const drafting = !isPublic(status);
  const toReview = reviewFirst && drafting;
  const publishing = mayPublish && !toReview;
  return (
    <div className="form-actions article-actions">
      {id !== null && (
        <div className="article-links">
          <a className="button button-light button-small" href={links.preview(id)} target="_blank" rel="noopener">
            Prévia
          </a>
          <a className="button button-light button-small" href={links.history(id)}>
            Histórico
          </a>
        </div>
      )}
      {!mayPublish && (
        <p className="article-role-note">
          {drafting
            ? 'O seu papel salva rascunhos: quem edita ou administra publica o artigo.'
            : 'Este artigo está publicado ou agendado, e o seu papel não pode mudá-lo: peça a quem edita.'}
        </p>
      )}
      <div className="article-buttons">
        {mayPublish && isPublic(status) && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => onAction('unpublish')}>
            Despublicar
          </button>
        )}
        {drafting && (
          <button type="button" className={mayPublish || toReview ? 'button button-secondary' : 'button button-primary'} disabled={busy} onClick={() => onAction('draft')}>
            {busy && !mayPublish && !toReview ? 'Salvando…' : 'Salvar rascunho'}
          </button>
        )}
        {publishing && status !== 'publicado' && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => onAction('schedule')}>
            Agendar…
          </button>
        )}
        {publishing && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => onAction('publish')}>
            {busy ? 'Salvando…' : primary}
          </button>
        )}
        {toReview && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => onAction('review')}>
            {busy ? 'Salvando…' : 'Enviar para revisão médica'}
          </button>
        )}
      </div>
    </div>
  );
}
