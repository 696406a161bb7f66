import { useEffect, useId, useMemo, useState } from 'react';
import { createArticleApi, type Correction, type Credentials } from '../../client/article-api.js';
import { formatSaoPaulo } from '../../content/sao-paulo-time.js';

export const CORRECTIONS_MESSAGES = {
  title: 'Correções',
  intro: 'Um erro achado depois da publicação é corrigido no texto e registrado aqui, com a data: aparece na seção “Correções” no fim do artigo. Não se edita nem se apaga; uma correção só é seguida por outra.',
  field: 'Registrar correção',
  hint: 'Ex.: a dose citada era 50 mg, não 500 mg. Até 1.000 caracteres.',
  submit: 'Registrar correção',
  saved: 'Correção registrada: já aparece no artigo.',
  empty: 'Escreva o que foi corrigido.',
  none: 'Nenhuma correção registrada.',
} as const;

interface CorrectionsPanelProps {
  apiBasePath: string;
  id: number;
  credentials: () => Credentials | null;
}

/**
 * "Registrar correção" on a published article (issue 33), for the roles that may (editor, revisor,
 * administrador), with the corrections already recorded, newest first, as readers see them.
 */
export function CorrectionsPanel({ apiBasePath, id, credentials }: CorrectionsPanelProps) {
  const api = useMemo(() => createArticleApi(apiBasePath), [apiBasePath]);
  const [list, setList] = useState<Correction[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const fieldId = useId();
  useEffect(() => {
    let current = true;
    void api.corrections(id).then((result) => current && result.ok && setList(result.value));
    return () => {
      current = false;
    };
  }, [api, id]);

  const record = async () => {
    const creds = credentials();
    if (!text.trim()) return setMessage({ kind: 'error', text: CORRECTIONS_MESSAGES.empty });
    if (!creds) return;
    setBusy(true);
    const result = await api.addCorrection(id, creds, text);
    setBusy(false);
    if (!result.ok) return setMessage({ kind: 'error', text: result.message });
    setList((before) => [result.value, ...before]);
    setText('');
    setMessage({ kind: 'success', text: CORRECTIONS_MESSAGES.saved });
  };

  return (
    <section className="corrections-panel" aria-labelledby="correcoes-painel-titulo">
      <h2 id="correcoes-painel-titulo">{CORRECTIONS_MESSAGES.title}</h2>
      <p className="field-hint">{CORRECTIONS_MESSAGES.intro}</p>
      {list.length === 0 ? (
        <p>{CORRECTIONS_MESSAGES.none}</p>
      ) : (
        <ol className="corrections-list">
          {list.map((correction) => (
            <li key={correction.id}>
              <time dateTime={correction.data}>{formatSaoPaulo(correction.data)}</time>: {correction.texto}
            </li>
          ))}
        </ol>
      )}
      <div className="field">
        <label htmlFor={fieldId}>{CORRECTIONS_MESSAGES.field}</label>
        <textarea id={fieldId} rows={3} maxLength={1000} value={text} disabled={busy} aria-describedby={`${fieldId}-dica`} onChange={(event) => setText(event.target.value)} />
        <p id={`${fieldId}-dica`} className="field-hint">
          {CORRECTIONS_MESSAGES.hint}
        </p>
      </div>
      <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void record()}>
        {CORRECTIONS_MESSAGES.submit}
      </button>
      <p role="status" className={message?.kind === 'error' ? 'field-error' : 'medical-review-done'}>
        {message?.text}
      </p>
    </section>
  );
}
