import { SITE_TIME_ZONE } from '../../lib/site-time.js';
import type { EditLockState } from './use-edit-lock.js';

const CLOCK = new Intl.DateTimeFormat('pt-BR', { timeZone: SITE_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('pt-BR', { timeZone: SITE_TIME_ZONE, day: '2-digit', month: '2-digit' });

/** "10:42" in São Paulo time; an editing begun on an earlier day also says which ("26/11 às 10:42"). */
export function editingSince(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = CLOCK.format(at);
  return DAY.format(at) === DAY.format(now) ? time : `${DAY.format(at)} às ${time}`;
}

export const EDIT_LOCK_TEXT = {
  held: (nome: string, desde: string) => `${nome} está editando este artigo desde ${editingSince(desde)}`,
  reading: 'Só para leitura: o que você mudar aqui não é salvo.',
  taken: (nome: string) => `${nome} assumiu a edição deste artigo. O que você salvar agora fica guardado como sugestão no histórico, sem mudar o artigo.`,
  readOnly: 'Abrir só para leitura',
  takeOver: 'Assumir a edição',
} as const;

interface EditLockBannerProps {
  state: EditLockState;
  onReadOnly: () => void;
  onTakeOver: () => void;
}

/** Who else is editing this article, and the two ways on: read, or take the editing over (issue 34). */
export function EditLockBanner({ state, onReadOnly, onTakeOver }: EditLockBannerProps) {
  if (state.kind === 'taken') {
    return (
      <div className="draft-banner edit-lock-banner" role="alert">
        <span>{EDIT_LOCK_TEXT.taken(state.nome)}</span>
      </div>
    );
  }
  if (state.kind !== 'held' && state.kind !== 'reading') return null;
  return (
    <div className="draft-banner edit-lock-banner" role="status">
      <span>{EDIT_LOCK_TEXT.held(state.nome, state.desde)}</span>
      {state.kind === 'reading' && <span>{EDIT_LOCK_TEXT.reading}</span>}
      <span className="draft-banner-buttons">
        {state.kind === 'held' && (
          <button type="button" className="button button-secondary button-small" onClick={onReadOnly}>
            {EDIT_LOCK_TEXT.readOnly}
          </button>
        )}
        <button type="button" className="button button-primary button-small" onClick={onTakeOver}>
          {EDIT_LOCK_TEXT.takeOver}
        </button>
      </span>
    </div>
  );
}
