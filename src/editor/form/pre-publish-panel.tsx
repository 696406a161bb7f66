import { useCallback, useEffect, useRef, useState } from 'react';
import { prePublishChecks, type CheckLevel, type PrePublishCheck, type PrePublishInput, type PrePublishResult } from '../../content/pre-publish-checks.js';
import { whenIdle } from './idle.js';

/** A pause in typing this long runs the checks again (in an idle callback: never between two keystrokes). */
export const CHECKS_DELAY_MS = 500;

export const PRE_PUBLISH_MESSAGES = {
  title: 'Antes de publicar',
  preview: 'Como a busca mostra o artigo',
  noTitle: 'Sem título',
  checking: 'Verificando o artigo…',
  level: { ok: 'Certo', aviso: 'Aviso', bloqueio: 'Impede a publicação' } satisfies Record<CheckLevel, string>,
  summary: (blocks: Pick<PrePublishCheck, 'resumo'>[], warnings: number) => {
    const avisos = `${warnings} ${warnings === 1 ? 'aviso' : 'avisos'}`;
    const reasons = blocks.map((block) => block.resumo).filter(Boolean);
    if (blocks.length > 0) return `Ainda não pode ser publicado: ${reasons.join(' e ')}${warnings > 0 ? `, e há ${avisos}` : ''}.`;
    return warnings > 0 ? `Pode ser publicado, com ${avisos} para conferir.` : 'Tudo certo para publicar.';
  },
} as const;

const ICONS: Record<CheckLevel, string> = { ok: '✓', aviso: '⚠', bloqueio: '✗' };

export interface ChecksSource {
  input: PrePublishInput;
  /** The article's address on the site, as the search result shows it. */
  path: string;
}

interface Checked {
  result: PrePublishResult;
  path: string;
}

/**
 * The checks of the form's current state, run again a moment after each change. `read` exports the
 * editor's HTML, so it runs after the pause and when the browser is idle, never on a keystroke. Whether
 * the saved version waits for a medical review is told by the review panel (`reviewWaitingChanged`).
 */
export function usePrePublishChecks(read: (reviewed: boolean) => ChecksSource | null) {
  const [checked, setChecked] = useState<Checked | null>(null);
  const latestRead = useRef(read);
  latestRead.current = read;
  const reviewWaiting = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopIdle = useRef<() => void>(() => undefined);
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    stopIdle.current();
    timer.current = setTimeout(() => {
      stopIdle.current = whenIdle(() => {
        const source = latestRead.current(!reviewWaiting.current);
        if (source) setChecked({ result: prePublishChecks(source.input), path: source.path });
      });
    }, CHECKS_DELAY_MS);
  }, []);
  const reviewWaitingChanged = useCallback(
    (waiting: boolean) => {
      reviewWaiting.current = waiting;
      schedule();
    },
    [schedule],
  );
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      stopIdle.current();
    },
    [],
  );
  return { checked, schedule, reviewWaitingChanged };
}

/** "Antes de publicar": the search result preview and each check with its state; only the summary is announced. */
export function PrePublishPanel({ checked }: { checked: Checked | null }) {
  const checks = checked?.result.checks ?? [];
  const blocks = checks.filter((check) => check.nivel === 'bloqueio');
  const warnings = checks.filter((check) => check.nivel === 'aviso').length;
  return (
    <section className="pre-publish" aria-labelledby="antes-de-publicar-titulo">
      <h2 id="antes-de-publicar-titulo">{PRE_PUBLISH_MESSAGES.title}</h2>
      <p className="pre-publish-summary" aria-live="polite">
        {checked ? PRE_PUBLISH_MESSAGES.summary(blocks, warnings) : PRE_PUBLISH_MESSAGES.checking}
      </p>
      {checked && (
        <>
          <div className="search-preview">
            <p className="search-preview-label">{PRE_PUBLISH_MESSAGES.preview}</p>
            <p className="search-preview-url">{`${window.location.host}${checked.path.split('/').join(' › ')}`}</p>
            <p className="search-preview-title">{checked.result.busca.titulo.texto || PRE_PUBLISH_MESSAGES.noTitle}</p>
            <p className="search-preview-description">{checked.result.busca.descricao.texto}</p>
          </div>
          <ul className="pre-publish-checks">
            {checks.map((check) => (
              <li key={check.regra} className={`pre-publish-${check.nivel}`} data-regra={check.regra}>
                <span className="pre-publish-icon" aria-hidden="true">
                  {ICONS[check.nivel]}
                </span>
                <span>
                  <span className="visually-hidden">{PRE_PUBLISH_MESSAGES.level[check.nivel]}: </span>
                  {check.mensagem}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
