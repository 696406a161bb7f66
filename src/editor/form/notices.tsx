import type { ArticleStatus } from '../../client/article-api.js';
import { STATE_LABELS } from '../../content/article-states.js';
import { formatDateTimePtBr } from '../../content/format-date-time.js';
import { SITE_TIME_ZONE } from '../../lib/site-time.js';
import { FLOW_MESSAGES } from './publish-flow.js';
import { formatSaoPaulo } from '../../content/sao-paulo-time.js';

export const LOADING_MESSAGES = {
  loading: 'Carregando o artigo…',
  signIn: 'Entrar com a chave',
} as const;

/** An article to edit that the page did not bring: read after hydration, or refused (then a way to sign in). */
export function ArticleLoading({ error, signInHref }: { error: string | null; signInHref: string }) {
  return (
    <div className="article-form-loading" role="status">
      {error ? (
        <p>
          {error} <a href={signInHref}>{LOADING_MESSAGES.signIn}</a>
        </p>
      ) : (
        <p>{LOADING_MESSAGES.loading}</p>
      )}
    </div>
  );
}

/** The article's state as the form last saved it (the page heading shows it as it was when the page opened). */
export function ArticleState({ status, publicarEm }: { status: ArticleStatus; publicarEm: string | null }) {
  return (
    <p className="article-state">
      Situação: <strong>{STATE_LABELS[status]}</strong>
      {status === 'agendado' && publicarEm ? ` para ${formatSaoPaulo(publicarEm)} (horário de Brasília)` : ''}
    </p>
  );
}

export type DraftNoticeState =
  | null
  /** The browser's copy was newer than the server's and has been put back in the form. */
  | { kind: 'restored' }
  /** The browser's copy was made from an older version: the editor decides. */
  | { kind: 'stale'; savedAt: string }
  /** The browser's copy has fewer images than the server's (a photo lost on the way): the editor decides. */
  | { kind: 'fewerImages'; copyImages: number; serverImages: number };

interface DraftNoticeProps {
  state: DraftNoticeState;
  /** Files chosen before a reload and not yet sent, put back in "Imagens" from the browser's copy. */
  files: number;
  onDiscard: () => void;
  onUseCopy: () => void;
}

export const restoredFilesText = (count: number) =>
  count === 1
    ? 'Um arquivo escolhido e ainda não enviado voltou para "Imagens".'
    : `${count} arquivos escolhidos e ainda não enviados voltaram para "Imagens".`;

const images = (count: number) => `${count} ${count === 1 ? 'imagem' : 'imagens'}`;

export const fewerImagesText = (copyImages: number, serverImages: number) =>
  `A cópia deste navegador tem ${images(copyImages)} e a do servidor, ${images(serverImages)}: o formulário mostra a do servidor, para nenhuma imagem se perder.`;

export function DraftNotice({ state, files, onDiscard, onUseCopy }: DraftNoticeProps) {
  if (!state && files === 0) return null;
  return (
    <div className="draft-banner" role="status">
      {state?.kind === 'restored' && <span>Rascunho restaurado.</span>}
      {state?.kind === 'stale' && (
        <span>
          Este navegador tem uma cópia de {formatDateTimePtBr(state.savedAt)} feita a partir de uma versão anterior do artigo. O formulário mostra a versão
          atual do servidor.
        </span>
      )}
      {state?.kind === 'fewerImages' && <span>{fewerImagesText(state.copyImages, state.serverImages)}</span>}
      {files > 0 && <span>{restoredFilesText(files)}</span>}
      <span className="draft-banner-buttons">
        {(state?.kind === 'stale' || state?.kind === 'fewerImages') && (
          <button type="button" className="button button-secondary button-small" onClick={onUseCopy}>
            Usar a cópia deste navegador
          </button>
        )}
        <button type="button" className="button button-secondary button-small" onClick={onDiscard}>
          Descartar rascunho
        </button>
      </span>
    </div>
  );
}

interface ConflictNoticeProps {
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}

/** Two tabs or two editors on one article (a 409): nothing is overwritten without the editor's choice. */
export function ConflictNotice({ busy, onReload, onOverwrite }: ConflictNoticeProps) {
  return (
    <div className="conflict-banner" role="alert">
      <p>{FLOW_MESSAGES.conflict}</p>
      <span className="draft-banner-buttons">
        <button type="button" className="button button-secondary button-small" disabled={busy} onClick={onReload}>
          Recarregar o artigo
        </button>
        <button type="button" className="button button-secondary button-small" disabled={busy} onClick={onOverwrite}>
          Salvar a minha versão
        </button>
      </span>
    </div>
  );
}

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'local' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'public' }
  | { kind: 'refused'; message: string };

const clock = new Intl.DateTimeFormat('pt-BR', { timeZone: SITE_TIME_ZONE, timeStyle: 'short' });
const time = (date: Date) => clock.format(date);

/** A quiet line under the buttons (not a live region: it changes on every pause in typing). */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  const text = {
    idle: '',
    local: 'Alterações salvas neste navegador.',
    saving: 'Salvando o rascunho no servidor…',
    saved: state.kind === 'saved' ? `Rascunho salvo no servidor às ${time(state.at)}.` : '',
    public: 'As alterações de um artigo publicado ficam neste navegador até você clicar em "Atualizar".',
    refused: state.kind === 'refused' ? `Salvo só neste navegador: ${state.message}` : '',
  }[state.kind];
  return <p className="autosave-status">{text}</p>;
}
