import type { RawDraftContentState } from 'draft-js';
import type { EditableArticle } from '../../client/article-api.js';
import { slugify } from '../../lib/slug.js';
import type { SaverState } from './article-saver.js';
import type { CreditsValue } from './credits-fields.js';
import type { StoredDraft } from './draft-storage.js';
import { applyFieldChange, EMPTY_FIELDS, fieldsFromArticle, type ArticleFields, type FieldName } from './fields.js';
import type { FormLinks } from './form-props.js';
import { copyImageCount, htmlImageCount } from './image-count.js';
import type { DraftNoticeState } from './notices.js';
import type { ChecksSource } from './pre-publish-panel.js';
import type { FlowLine } from './publish-flow.js';
import type { StatusLink, StatusMessage } from './status-messages.js';
import type { ArticleImage } from './upload-queue.js';
import { VALIDATION_MESSAGES, type FieldErrors } from './validation.js';

export const FORM_MESSAGES = {
  editorLoadFailed: 'Não foi possível carregar o editor. Verifique a conexão e recarregue a página: o rascunho está salvo.',
  articleId: (id: number) => `ID do artigo: ${id}.`,
  viewArticle: 'Ver o artigo publicado',
  writeAnother: 'Escrever outro artigo',
  mainImage: (image: Pick<ArticleImage, 'nome' | 'width' | 'height'>) => `Imagem principal: ${image.nome} (${image.width} × ${image.height} px).`,
  retryLater: 'O arquivo será enviado de novo quando o artigo for salvo.',
  overwritten: 'A sua versão foi salva no servidor.',
} as const;

/** The order errors are looked at in: the first one takes the focus. */
const FIELD_ORDER: FieldName[] = ['chave', 'titulo', 'tituloUrl', 'descricao', 'conteudo', 'imagemNome', 'imagemWidth', 'imagemHeight'];

export type TypedField = Exclude<keyof ArticleFields, 'tituloUrlManual'>;

/** The editor's content as it (re)starts: a new `key` mounts a fresh editor with `raw`. */
export interface EditorSession {
  key: number;
  raw: RawDraftContentState | null;
}

/**
 * Everything the article form shows besides the editor's text, the uploads, the autosave line, the
 * dialogs and "Antes de publicar" (each keeps its own). The article's id, version and status are the
 * saver's, as it last reported them.
 */
export interface ArticleFormState {
  fields: ArticleFields;
  /** The article as read from the server (edit), null for a new one. */
  loaded: EditableArticle | null;
  loadError: string | null;
  errors: FieldErrors;
  nextId: string;
  messages: StatusMessage[];
  nextMessageId: number;
  busy: boolean;
  notice: DraftNoticeState;
  restoredFiles: number;
  /** The browser's copy made from an older version, offered but not put in the form. */
  staleCopy: StoredDraft | null;
  conflict: boolean;
  /** Null until the text to start the editor with is known (after hydration). */
  editorSession: EditorSession | null;
  saver: SaverState;
}

type Say = { kind: StatusMessage['kind']; text: string; links?: StatusLink[] };

export type ArticleFormAction =
  | { type: 'fieldTyped'; name: TypedField; value: string }
  | { type: 'mainImageChosen'; image: Pick<ArticleImage, 'nome' | 'width' | 'height'> }
  /** The server saved a file under another name: the main image follows it if it named the file. */
  | { type: 'fileRenamed'; filename: string; nome: string }
  | ({ type: 'messageShown' } & Say)
  | { type: 'messagesCleared' }
  /** A button's checks ran (`errors` null: the action needs none). */
  | { type: 'actionChecked'; errors: FieldErrors | null }
  | { type: 'nextIdReceived'; nextId: string }
  | { type: 'newArticleOpened'; copy: StoredDraft | null }
  | { type: 'articleLoadFailed'; message: string }
  /** `serverRaw`: the article's HTML as the editor's state, needed only when the copy is not restored. */
  | { type: 'articleOpened'; article: EditableArticle; copy: StoredDraft | null; serverRaw: RawDraftContentState | null }
  | { type: 'filesRestored'; count: number }
  | { type: 'draftDiscarded' }
  | { type: 'editorRestarted'; raw: RawDraftContentState | null }
  | { type: 'staleCopyUsed' }
  | { type: 'saverChanged'; saver: SaverState }
  | { type: 'saveStarted' }
  | { type: 'saveFinished'; lines: FlowLine[]; conflict: boolean }
  | { type: 'conflictFound' }
  | { type: 'overwriteFinished'; outcome: { kind: 'saved' } | { kind: 'refused'; message: string } | { kind: 'conflict' } }
  | { type: 'scheduled'; publicarEm: string };

const NO_SAVER: SaverState = { id: null, versao: null, status: null };

export const saverOf = (article: EditableArticle): SaverState => ({ id: article.id, versao: article.versao, status: article.status });

export function initialFormState(initialArticle: EditableArticle | undefined, initialNextId: string): ArticleFormState {
  return {
    fields: initialArticle ? fieldsFromArticle(initialArticle) : EMPTY_FIELDS,
    loaded: initialArticle ?? null,
    loadError: null,
    errors: {},
    nextId: initialNextId,
    messages: [],
    nextMessageId: 0,
    busy: false,
    notice: null,
    restoredFiles: 0,
    staleCopy: null,
    conflict: false,
    editorSession: null,
    saver: initialArticle ? saverOf(initialArticle) : NO_SAVER,
  };
}

/** The browser's copy edited from the version the server still has (else the editor decides). */
const sameVersion = (copy: StoredDraft, article: Pick<EditableArticle, 'versao'>) => copy.baseVersion === article.versao;

/** The copy would put back fewer images than the server holds: a photo lost on the way, never restored silently. */
const losesImages = (copy: StoredDraft, article: Pick<EditableArticle, 'conteudo'>) => copyImageCount(copy.content) < htmlImageCount(article.conteudo);

/** The browser's copy goes back in the form only when it was edited from the server's version and keeps all its images. */
export const restoresCopy = (copy: StoredDraft | null, article: Pick<EditableArticle, 'versao' | 'conteudo'>): boolean =>
  copy !== null && sameVersion(copy, article) && !losesImages(copy, article);

/** Why the browser's copy was offered instead of restored. */
function noticeFor(copy: StoredDraft, article: Pick<EditableArticle, 'versao' | 'conteudo'>): DraftNoticeState {
  if (!sameVersion(copy, article)) return { kind: 'stale', savedAt: copy.savedAt };
  return { kind: 'fewerImages', copyImages: copyImageCount(copy.content), serverImages: htmlImageCount(article.conteudo) };
}

/** What "Antes de publicar" checks, read from the form's state and what lives outside it. */
export function checksSource(
  state: Pick<ArticleFormState, 'fields' | 'nextId' | 'loaded'>,
  outside: { id: number | null; conteudo: string; credits: Pick<CreditsValue, 'clinico' | 'referencias'>; reviewed: boolean; published: FormLinks['published'] },
): ChecksSource {
  const { fields, nextId, loaded } = state;
  const id = outside.id ?? (Number(nextId) || 0);
  return {
    input: {
      titulo: fields.titulo,
      titulo_url: fields.tituloUrl,
      descricao: fields.descricao,
      conteudo: outside.conteudo,
      imagemPrincipal: fields.imagemNome.trim() ? { alt: fields.imagemAlt, legenda: fields.imagemCaption } : null,
      clinico: outside.credits.clinico,
      referencias: outside.credits.referencias.filter((reference) => reference.texto.trim() !== '').length,
      revisada: outside.reviewed,
    },
    path: outside.published({ id, titulo_url: fields.tituloUrl, data_publicacao: loaded?.data_publicacao ?? new Date().toISOString() }),
  };
}

/** The field the focus goes to, the first one in the form's order with an error. */
export const firstInvalidField = (errors: FieldErrors): FieldName | undefined => FIELD_ORDER.find((name) => errors[name]);

function say(state: ArticleFormState, ...lines: Say[]): ArticleFormState {
  let id = state.nextMessageId;
  const added = lines.map(({ kind, text, links = [] }) => ({ id: id++, kind, text, links }));
  return { ...state, messages: [...state.messages, ...added], nextMessageId: id };
}

const restart = (session: EditorSession | null, raw: RawDraftContentState | null): EditorSession => ({ key: (session?.key ?? 0) + 1, raw });

export function articleFormReducer(state: ArticleFormState, action: ArticleFormAction): ArticleFormState {
  switch (action.type) {
    case 'fieldTyped': {
      const fields = applyFieldChange(state.fields, action.name, action.value, slugify);
      const errors = state.errors[action.name] ? { ...state.errors, [action.name]: undefined } : state.errors;
      return { ...state, fields, errors };
    }
    case 'mainImageChosen': {
      const { image } = action;
      const fields = { ...state.fields, imagemNome: image.nome, imagemWidth: String(image.width), imagemHeight: String(image.height) };
      const errors = { ...state.errors, imagemNome: undefined, imagemWidth: undefined, imagemHeight: undefined };
      return say({ ...state, fields, errors }, { kind: 'info', text: FORM_MESSAGES.mainImage(image) });
    }
    case 'fileRenamed':
      return state.fields.imagemNome === action.filename ? { ...state, fields: { ...state.fields, imagemNome: action.nome } } : state;
    case 'messageShown':
      return say(state, action);
    case 'messagesCleared':
      return { ...state, messages: [] };
    case 'actionChecked': {
      const cleared = { ...state, messages: [] };
      if (!action.errors) return cleared;
      const checked = { ...cleared, errors: action.errors };
      return firstInvalidField(action.errors) ? say(checked, { kind: 'error', text: VALIDATION_MESSAGES.summary }) : checked;
    }
    case 'nextIdReceived':
      return { ...state, nextId: action.nextId };
    case 'newArticleOpened': {
      const { copy } = action;
      if (!copy) return { ...state, editorSession: { key: 0, raw: null } };
      return { ...state, fields: { ...EMPTY_FIELDS, ...copy.fields }, notice: { kind: 'restored' }, editorSession: { key: 0, raw: copy.content } };
    }
    case 'articleLoadFailed':
      return { ...state, loadError: action.message };
    case 'articleOpened': {
      const { article, copy } = action;
      const opened = { ...state, loaded: article, saver: saverOf(article) };
      if (copy && restoresCopy(copy, article)) {
        return { ...opened, fields: { ...fieldsFromArticle(article), ...copy.fields }, notice: { kind: 'restored' }, editorSession: { key: 0, raw: copy.content } };
      }
      const stale = copy ? { staleCopy: copy, notice: noticeFor(copy, article) } : {};
      return { ...opened, ...stale, fields: fieldsFromArticle(article), editorSession: { key: 0, raw: action.serverRaw } };
    }
    case 'filesRestored':
      return { ...state, restoredFiles: action.count };
    case 'draftDiscarded': {
      const fields = state.loaded ? fieldsFromArticle(state.loaded) : { ...EMPTY_FIELDS, chave: state.fields.chave };
      // An article's text restarts once its HTML is converted again (editorRestarted); a new one's at once.
      const editorSession = state.loaded ? state.editorSession : restart(state.editorSession, null);
      return { ...state, restoredFiles: 0, notice: null, staleCopy: null, errors: {}, fields, editorSession };
    }
    case 'editorRestarted':
      return { ...state, editorSession: restart(state.editorSession, action.raw) };
    case 'staleCopyUsed': {
      const copy = state.staleCopy;
      if (!copy) return state;
      return { ...state, fields: { ...state.fields, ...copy.fields }, editorSession: restart(state.editorSession, copy.content), notice: { kind: 'restored' }, staleCopy: null };
    }
    case 'saverChanged':
      return { ...state, saver: action.saver };
    case 'saveStarted':
      return { ...state, busy: true };
    case 'saveFinished':
      return say({ ...state, busy: false, conflict: state.conflict || action.conflict }, ...action.lines);
    case 'conflictFound':
      return { ...state, conflict: true };
    case 'overwriteFinished': {
      const { outcome } = action;
      const done = { ...state, busy: false };
      if (outcome.kind === 'saved') return say({ ...done, conflict: false }, { kind: 'success', text: FORM_MESSAGES.overwritten });
      if (outcome.kind === 'refused') return say(done, { kind: 'error', text: outcome.message });
      return done;
    }
    case 'scheduled':
      return { ...state, loaded: state.loaded && { ...state.loaded, publicar_em: action.publicarEm } };
  }
}
