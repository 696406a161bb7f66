import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../client/api-client.js';
import type { Credentials } from '../../client/article-api.js';

export const COMMENT_MESSAGES = {
  button: 'Comentar',
  label: (trecho: string) => `Nota sobre “${trecho.length > 80 ? `${trecho.slice(0, 79)}…` : trecho}”`,
  send: 'Salvar nota',
  cancel: 'Cancelar',
  saved: 'Nota salva: ela aparece na lista de notas, abaixo do formulário.',
  empty: 'Escreva a nota antes de salvar.',
} as const;

/** The rich-text editor's text, where a selection may be commented. */
const CONTENT_SELECTOR = '.public-DraftEditor-content';
/** The editor page's notes section (src/components/draft-notes-panel.tsx), redrawn from the page after a note. */
const NOTES_SECTION = 'notas';

function selectedQuote(): string | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const container = selection.getRangeAt(0).commonAncestorContainer;
  const element = container instanceof Element ? container : container.parentElement;
  if (!element?.closest(CONTENT_SELECTOR)) return null;
  const text = selection.toString().replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 1_000) : null;
}

/** The notes section as the server renders it now: the page is read again and its section swapped in. */
async function redrawNotes(): Promise<void> {
  const response = await fetch(window.location.pathname, { credentials: 'include', headers: { accept: 'text/html' } });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById(NOTES_SECTION);
  const current = document.getElementById(NOTES_SECTION);
  if (fresh && current) current.replaceWith(document.importNode(fresh, true));
}

/**
 * "Comentar": once text is selected in the editor, a note on that passage (issue 33). The server finds the
 * quote in the saved text, so a passage typed since the last save is refused with its message.
 */
export function CommentOnSelection({ apiBasePath, id, credentials }: { apiBasePath: string; id: number | null; credentials: () => Credentials | null }) {
  const [quote, setQuote] = useState<string | null>(null);
  const [writing, setWriting] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const changed = () => setQuote(selectedQuote());
    document.addEventListener('selectionchange', changed);
    return () => document.removeEventListener('selectionchange', changed);
  }, []);
  useEffect(() => {
    if (writing !== null) text.current?.focus();
  }, [writing]);
  if (id === null) return null;

  const save = async () => {
    const creds = credentials();
    const texto = text.current?.value.trim() ?? '';
    if (!texto) {
      setMessage({ kind: 'error', text: COMMENT_MESSAGES.empty });
      return;
    }
    if (!creds || writing === null) return;
    setBusy(true);
    const body = { ...('key' in creds ? { key: creds.key } : {}), texto, trecho: writing };
    const result = await apiRequest(`${apiBasePath}/artigos/${id}/notas`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.message });
      return;
    }
    setWriting(null);
    setMessage({ kind: 'success', text: COMMENT_MESSAGES.saved });
    await redrawNotes();
  };

  return (
    <div className="comment-on-selection">
      {writing === null ? (
        quote && (
          <button type="button" className="button button-secondary button-small" onMouseDown={(event) => event.preventDefault()} onClick={() => { setMessage(null); setWriting(quote); }}>
            {COMMENT_MESSAGES.button}
          </button>
        )
      ) : (
        <div className="comment-on-selection-form">
          <label htmlFor="comentario-texto">{COMMENT_MESSAGES.label(writing)}</label>
          <textarea id="comentario-texto" ref={text} rows={3} maxLength={5_000} />
          <button type="button" className="button button-primary button-small" disabled={busy} onClick={() => void save()}>
            {COMMENT_MESSAGES.send}
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setWriting(null)}>
            {COMMENT_MESSAGES.cancel}
          </button>
        </div>
      )}
      <p className={message?.kind === 'error' ? 'form-error' : 'form-hint'} role="status">
        {message?.text}
      </p>
    </div>
  );
}
