import { useId, useState } from 'react';
import { ModalDialog } from '../ui/modal-dialog.js';
import type { ActionName } from './article-actions.js';
import type { SaveIntent } from './publish-flow.js';
import { formatSaoPaulo, saoPauloInputToUtc, toSaoPauloInput } from '../../content/sao-paulo-time.js';

export const DIALOG_TEXTS = {
  publishTitle: 'Salvar e publicar o artigo?',
  publishBody: '"Salvar" publica: o artigo e as imagens escolhidas serão enviados e o artigo ficará visível para todos no site. Para guardar sem publicar, use "Salvar rascunho".',
  updateTitle: 'Atualizar o artigo publicado?',
  updateBody: 'As alterações aparecerão imediatamente para os leitores.',
  /** A clinical article keeps its approved version on the site until a doctor approves the new one. */
  updateClinicalBody: 'A alteração fica guardada e vai ao ar depois da revisão médica. Até lá, os leitores continuam vendo a versão aprovada.',
  unpublishTitle: 'Despublicar o artigo?',
  unpublishBody: 'O artigo sai do site (o endereço passa a dizer que a notícia foi retirada do ar) e continua salvo aqui para ser publicado de novo.',
  scheduleTitle: 'Agendar a publicação',
  scheduleLabel: 'Data e hora (horário de Brasília)',
  scheduleInvalid: 'Informe uma data e hora válidas.',
  schedulePast: 'Escolha uma data e hora no futuro.',
} as const;

interface ConfirmProps {
  title: string;
  body: string;
  submitLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Publishing and unpublishing are confirmed in the page's accessible modal. */
export function ConfirmDialog({ title, body, submitLabel, onConfirm, onClose }: ConfirmProps) {
  return (
    <ModalDialog title={title} submitLabel={submitLabel} onSubmit={onConfirm} onClose={onClose}>
      <p className="confirm-text">{body}</p>
    </ModalDialog>
  );
}

interface ScheduleProps {
  /** Current scheduled time (UTC ISO), if any. */
  initial: string | null;
  now: () => Date;
  onSchedule: (utcIso: string) => void;
  onClose: () => void;
}

/** A date and time on São Paulo's clock; the article goes out at that instant, sent as UTC. */
export function ScheduleDialog({ initial, now, onSchedule, onClose }: ScheduleProps) {
  const id = useId();
  const [value, setValue] = useState(() => toSaoPauloInput(initial ? new Date(initial) : new Date(now().getTime() + 60 * 60 * 1000)));
  const [error, setError] = useState('');
  const submit = () => {
    const utc = saoPauloInputToUtc(value);
    if (!utc) return setError(DIALOG_TEXTS.scheduleInvalid);
    if (new Date(utc).getTime() <= now().getTime()) return setError(DIALOG_TEXTS.schedulePast);
    onSchedule(utc);
  };
  const utc = saoPauloInputToUtc(value);
  return (
    <ModalDialog title={DIALOG_TEXTS.scheduleTitle} submitLabel="Agendar" onSubmit={submit} onClose={onClose}>
      <div className="rte-dialog-field">
        <label htmlFor={id}>{DIALOG_TEXTS.scheduleLabel}</label>
        <input
          id={id}
          type="datetime-local"
          value={value}
          min={toSaoPauloInput(now())}
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-dica${error ? ` ${id}-erro` : ''}`}
          autoFocus
        />
        <p id={`${id}-dica`} className="rte-hint">
          {utc ? `Publicação em ${formatSaoPaulo(utc)}, horário de Brasília.` : 'Horário de Brasília.'}
        </p>
        {error && (
          <p id={`${id}-erro`} className="rte-field-error">
            {error}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}

export type DialogAction = Exclude<ActionName, 'draft'>;

interface ActionDialogProps {
  action: DialogAction;
  /** The article is published: "Publicar" becomes "Atualizar". */
  live: boolean;
  /** Clinical: a change to it waits for the medical review before readers see it. */
  clinical: boolean;
  publicarEm: string | null;
  onRun: (intent: SaveIntent) => void;
  onClose: () => void;
}

/** Which button's dialog is open, if any. */
export function useActionDialog() {
  const [open, setOpen] = useState<DialogAction | null>(null);
  return { open, ask: setOpen, close: () => setOpen(null) };
}

/** The dialog each button opens before anything readers see changes. */
export function ActionDialog({ action, live, clinical, publicarEm, onRun, onClose }: ActionDialogProps) {
  if (action === 'schedule') {
    return <ScheduleDialog initial={publicarEm} now={() => new Date()} onSchedule={(iso) => onRun({ kind: 'schedule', publicarEm: iso })} onClose={onClose} />;
  }
  if (action === 'unpublish') {
    return (
      <ConfirmDialog
        title={DIALOG_TEXTS.unpublishTitle}
        body={DIALOG_TEXTS.unpublishBody}
        submitLabel="Despublicar"
        onConfirm={() => onRun({ kind: 'unpublish' })}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      title={live ? DIALOG_TEXTS.updateTitle : DIALOG_TEXTS.publishTitle}
      body={live ? (clinical ? DIALOG_TEXTS.updateClinicalBody : DIALOG_TEXTS.updateBody) : DIALOG_TEXTS.publishBody}
      submitLabel={live ? 'Atualizar' : 'Publicar'}
      onConfirm={() => onRun(live ? { kind: 'save' } : { kind: 'publish' })}
      onClose={onClose}
    />
  );
}
