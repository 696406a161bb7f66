import type { RawDraftContentState } from 'draft-js';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createArticleApi, type Credentials, type EditableArticle } from '../../client/article-api.js';
import { slugify } from '../../lib/slug.js';
import type { ImagePlace } from '../state/image-place.js';
import type { EditorHandle, ReceivedImage, RichTextEditorProps } from '../ui/rich-text-editor.js';
import { ArticleActions, type ActionName } from './article-actions.js';
import { ArticleSaver, type SaveOutcome } from './article-saver.js';
import { ActionDialog } from './confirm-dialogs.js';
import { clearDraft, hasContent, loadDraft, saveDraft, type DraftSlot, type StoredDraft } from './draft-storage.js';
import { isContentEmpty, readHtml, readRaw } from './editor-reader.js';
import { applyFieldChange, EMPTY_FIELDS, FIELD_IDS, fieldsFromArticle, type ArticleFields, type FieldName } from './fields.js';
import type { ArticleFormProps } from './form-props.js';
import { ArticleState, AutosaveStatus, ConflictNotice, DraftNotice, type AutosaveState, type DraftNoticeState } from './notices.js';
import { FLOW_MESSAGES, isPublic, runSaveFlow, type SaveIntent } from './publish-flow.js';
import { useLeaveGuard } from './leave-guard.js';
import { clearPendingFiles, loadPendingFiles, savePendingFiles, type FilePlacement } from './pending-files.js';
import { StatusMessages, type StatusLink, type StatusMessage } from './status-messages.js';
import { TextField } from './text-field.js';
import { TopicsField, useArticleTopics } from './topics-field.js';
import { imageFromSet, UploadQueue, type ArticleImage, type UploadOutcome } from './upload-queue.js';
import { Uploader } from './uploader.js';
import { useAutosave } from './use-autosave.js';
import { CreditsFields, useArticleCredits } from './credits-fields.js';
import { MedicalReviewPanel } from './medical-review-panel.js';
import { PrePublishPanel, usePrePublishChecks } from './pre-publish-panel.js';
import { toPayload, validateArticle, validateDraft, VALIDATION_MESSAGES, type FieldErrors } from './validation.js';

export const FORM_MESSAGES = {
  editorLoadFailed: 'Não foi possível carregar o editor. Verifique a conexão e recarregue a página: o rascunho está salvo.',
  articleId: (id: number) => `ID do artigo: ${id}.`,
  viewArticle: 'Ver o artigo publicado',
  writeAnother: 'Escrever outro artigo',
  loading: 'Carregando o artigo…',
  signIn: 'Entrar com a chave',
  mainImage: (image: Pick<ArticleImage, 'nome' | 'width' | 'height'>) => `Imagem principal: ${image.nome} (${image.width} × ${image.height} px).`,
  retryLater: 'O arquivo será enviado de novo quando o artigo for salvo.',
  overwritten: 'A sua versão foi salva no servidor.',
} as const;

const CONTENT_LABEL_ID = 'artigo-conteudo-rotulo';
const FIELD_ORDER: FieldName[] = ['chave', 'titulo', 'tituloUrl', 'descricao', 'conteudo', 'imagemNome', 'imagemWidth', 'imagemHeight'];
const NEW_MODE = { kind: 'new' } as const;

type Dialog = null | Exclude<ActionName, 'draft'>;

/**
 * Where a pasted or dropped image goes once stored: a file's place in the text (the images of one paste
 * share it and keep their order), or the placeholder a data: image of pasted HTML left in it.
 */
type Placement = { alt: string } & ({ group: { place: ImagePlace } } | { placeholder: string });

/** As the browser's copy keeps it: the group's current place (it moves past each image placed). */
function storedPlacement(placement: Placement | undefined): FilePlacement | undefined {
  if (!placement) return undefined;
  return 'placeholder' in placement ? { alt: placement.alt, placeholder: placement.placeholder } : { alt: placement.alt, place: placement.group.place };
}

export function ArticleForm({ apiBasePath, links, mode = NEW_MODE, session, initialNextId = '', initialArticle, loadEditor }: ArticleFormProps) {
  const api = useMemo(() => createArticleApi(apiBasePath), [apiBasePath]);
  const isNew = mode.kind === 'new';
  const upload = useCallback<ConstructorParameters<typeof UploadQueue>[0]>((...args) => api.uploadImage(...args), [api]);
  const newSaver = useCallback(
    (article?: EditableArticle) =>
      new ArticleSaver(
        api,
        article ? { id: article.id, versao: article.versao, status: article.status } : { id: null, versao: null, status: null },
        article ? toPayload(fieldsFromArticle(article), article.conteudo) : undefined,
      ),
    [api],
  );

  const signedIn = session;
  const [fields, setFieldsState] = useState<ArticleFields>(() => (initialArticle ? fieldsFromArticle(initialArticle) : EMPTY_FIELDS));
  const [loaded, setLoaded] = useState<EditableArticle | null>(initialArticle ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [nextId, setNextId] = useState(initialNextId);
  const [messages, setMessages] = useState<StatusMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<DraftNoticeState>(null);
  const [restoredFiles, setRestoredFiles] = useState(0);
  const [staleCopy, setStaleCopy] = useState<StoredDraft | null>(null);
  const [conflict, setConflict] = useState(false);
  const [autosaveState, setAutosaveState] = useState<AutosaveState>({ kind: 'idle' });
  const [editorSession, setEditorSession] = useState<{ key: number; raw: RawDraftContentState | null } | null>(null);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [firstSaver] = useState(() => newSaver(initialArticle));
  const [saverState, setSaverState] = useState(() => ({ ...firstSaver.state }));
  const [queue, setQueue] = useState(() => new UploadQueue(upload, (initialArticle?.imagens ?? []).map(imageFromSet)));
  const slots = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);

  const editor = useRef<EditorHandle>(null);
  const saver = useRef(firstSaver);
  const fieldsRef = useRef(fields);
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  const conflictRef = useRef(false);
  /** A key the server refused: autosave does not try it again (each try counts against the rate limit). */
  const refusedKey = useRef<string | null>(null);
  /** Counts changes, to know whether what the server confirmed is still what the page shows. */
  const changes = useRef(0);
  /** The newest generation of changes the server confirmed. */
  const onServer = useRef(0);
  const messageId = useRef(0);
  /** The browser's copy of the waiting files is written only once the earlier copy has been read back. */
  const filesRestored = useRef(false);
  const writePendingFiles = useRef<() => void>(() => undefined);
  /** Pasted or dropped images waiting for the server, by slot. */
  const places = useRef(new Map<number, Placement>());

  const say = useCallback((kind: StatusMessage['kind'], text: string, ...links: StatusLink[]) => {
    setMessages((current) => [...current, { id: messageId.current++, kind, text, links }]);
  }, []);
  const credentials = useCallback((): Credentials | null => {
    if (signedInRef.current) return { session: true };
    const key = fieldsRef.current.chave.trim();
    return key ? { key } : null;
  }, []);
  const draftSlot = (): DraftSlot => saver.current.state.id ?? 'novo';
  const setFields = (next: ArticleFields) => {
    fieldsRef.current = next;
    setFieldsState(next);
  };
  const syncSaver = () => setSaverState({ ...saver.current.state });
  const markConflict = (value: boolean) => {
    conflictRef.current = value;
    setConflict(value);
  };

  /** What the server confirmed: the browser's copy is no longer needed unless the text moved on since. */
  const confirmSaved = (outcome: Extract<SaveOutcome, { kind: 'saved' }>, generation: number) => {
    if (outcome.created) {
      clearDraft('novo');
      void clearPendingFiles('novo').then(() => writePendingFiles.current());
      // A reload (or a bookmark) of this tab now opens the article itself, never a second new one.
      if (window.location.pathname !== links.edit(outcome.id)) window.history.replaceState(null, '', links.edit(outcome.id));
    }
    if (generation === changes.current) clearDraft(outcome.id);
    onServer.current = Math.max(onServer.current, generation);
    syncSaver();
  };

  /** Once stored, a pasted or dropped image goes where it was pasted; a refused one keeps its place for a retry. */
  const placeUpload = (outcome: UploadOutcome) => {
    const placement = places.current.get(outcome.slotId);
    if (!placement || !outcome.ok || !outcome.image || !editor.current) return;
    places.current.delete(outcome.slotId);
    const { url, width } = outcome.image;
    const image = { src: url, alt: placement.alt, ...(width > 0 ? { width } : {}) };
    if ('placeholder' in placement) editor.current.fillPlaceholder(placement.placeholder, image);
    else {
      placement.group.place = editor.current.insertImageAt(placement.group.place, image);
      // The rest of the paste, if a reload interrupts it, goes after this image.
      writePendingFiles.current();
    }
  };

  const autosave = useAutosave(
    {
      saveLocal: () => {
        saveDraft(draftSlot(), fieldsRef.current, readRaw(editor.current), saver.current.state.versao);
        setAutosaveState((current) => (current.kind === 'idle' ? { kind: 'local' } : current));
      },
      saveServer: () => {
        const current = saver.current;
        const creds = credentials();
        if (isPublic(current.state.status)) return setAutosaveState({ kind: 'public' });
        if (!creds || conflictRef.current || !fieldsRef.current.titulo.trim()) return;
        if ('key' in creds && creds.key === refusedKey.current) return;
        const generation = changes.current;
        setAutosaveState({ kind: 'saving' });
        void current.save(creds, () => ({ ...credits.payload(toPayload(fieldsRef.current, readHtml(editor.current))), ...topics.payload() })).then((outcome) => {
          if (current !== saver.current) return;
          if (outcome.kind === 'saved') {
            confirmSaved(outcome, generation);
            setAutosaveState({ kind: 'saved', at: new Date() });
            // Images pasted before the article existed go up as soon as it does.
            if (outcome.created) uploadPlaced();
          } else if (outcome.kind === 'conflict') {
            markConflict(true);
            setAutosaveState({ kind: 'local' });
          } else {
            if ((outcome.status === 401 || outcome.status === 403) && 'key' in creds) refusedKey.current = creds.key;
            setAutosaveState({ kind: 'refused', message: outcome.message });
          }
        });
      },
    },
    editorSession !== null,
  );

  /** Whether the saved version waits for a medical review, as the review panel last heard from the server. */
  const reviewWaiting = useRef(true);
  const checks = usePrePublishChecks(() => {
    if (!editor.current) return null;
    const current = fieldsRef.current;
    const id = saver.current.state.id ?? (Number(nextId) || 0);
    return {
      input: {
        titulo: current.titulo,
        descricao: current.descricao,
        conteudo: readHtml(editor.current),
        imagemPrincipal: current.imagemNome.trim() ? { alt: current.imagemAlt, legenda: current.imagemCaption } : null,
        clinico: credits.credits.clinico,
        referencias: credits.credits.referencias.filter((reference) => reference.texto.trim() !== '').length,
        revisada: !reviewWaiting.current,
      },
      path: links.published({ id, titulo_url: current.tituloUrl, data_publicacao: loaded?.data_publicacao ?? new Date().toISOString() }),
    };
  });
  const scheduleChecks = checks.schedule;
  const onReviewWaiting = useCallback(
    (waiting: boolean) => {
      reviewWaiting.current = waiting;
      scheduleChecks();
    },
    [scheduleChecks],
  );

  const changed = useCallback(() => {
    changes.current += 1;
    autosave.changed();
    scheduleChecks();
  }, [autosave, scheduleChecks]);
  const credits = useArticleCredits(loaded, changed);

  const topics = useArticleTopics(loaded, changed);

  useLeaveGuard(() => changes.current > onServer.current || queue.pending().length > 0);

  const refreshNextId = useCallback(async () => {
    const result = await api.nextId();
    if (result.ok) setNextId(String(result.value));
  }, [api]);

  // After hydration: who is signed in, the article (edit) or the browser's draft (new), then Draft.js
  // (its random block keys cannot be server-rendered).
  useEffect(() => {
    const editorReady = loadEditor?.().then(
      (component) => {
        setEditor(() => component);
        return true;
      },
      () => {
        say('error', FORM_MESSAGES.editorLoadFailed);
        return false;
      },
    );
    if (mode.kind === 'new') {
      const stored = loadDraft('novo');
      const usable = stored && hasContent(stored) ? stored : null;
      if (usable) {
        setFields({ ...EMPTY_FIELDS, ...usable.fields });
        setNotice({ kind: 'restored' });
      }
      setEditorSession({ key: 0, raw: usable?.content ?? null });
      void refreshNextId();
      void restoreFiles(queue, 'novo');
      return;
    }
    void (async () => {
      let article = initialArticle;
      if (!article) {
        const result = await api.getForEditing(mode.id, { session: true });
        if (!result.ok) return setLoadError(result.message);
        article = result.value;
      }
      if (!(await editorReady)) return;
      const { htmlToRaw } = await import('./html-to-raw.js');
      saver.current = newSaver(article);
      syncSaver();
      setLoaded(article);
      const articleQueue = new UploadQueue(upload, (article.imagens ?? []).map(imageFromSet));
      setQueue(articleQueue);
      void restoreFiles(articleQueue, article.id);
      const stored = loadDraft(article.id);
      if (stored && hasContent(stored) && stored.baseVersion === article.versao) {
        setFields({ ...fieldsFromArticle(article), ...stored.fields });
        setNotice({ kind: 'restored' });
        setEditorSession({ key: 0, raw: stored.content });
        changes.current += 1;
        return;
      }
      if (stored && hasContent(stored)) {
        setStaleCopy(stored);
        setNotice({ kind: 'stale', savedAt: stored.savedAt });
      }
      setFields(fieldsFromArticle(article));
      setEditorSession({ key: 0, raw: htmlToRaw(article.conteudo) });
    })();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- runs once, after hydration

  useEffect(() => () => queue.dispose(), [queue]);

  // The editor's first content (new, restored or loaded) is checked once it is in place.
  useEffect(() => {
    if (Editor && editorSession) scheduleChecks();
  }, [Editor, editorSession, scheduleChecks]);

  // Files not yet on the server follow the text draft into the browser's storage, under the same slot.
  useEffect(() => {
    let written = '';
    let writing = Promise.resolve();
    const write = () => {
      if (!filesRestored.current) return;
      const slot = draftSlot();
      const pending = queue.pending();
      const signature = `${slot}:${pending.map((item) => item.id).join(',')}`;
      if (signature === written) return;
      written = signature;
      const files = pending.map((item) => ({ file: item.file!, placement: storedPlacement(places.current.get(item.id)) }));
      writing = writing.then(() => savePendingFiles(slot, files));
    };
    writePendingFiles.current = () => {
      written = '';
      write();
    };
    return queue.subscribe(write);
  }, [queue]);

  /**
   * Files a reload interrupted go back in the queue, offered with the text draft (each can be cancelled);
   * those pasted or dropped into the text go back to their place there once stored.
   */
  const restoreFiles = async (target: UploadQueue, slot: DraftSlot) => {
    const files = await loadPendingFiles(slot);
    const groups = new Map<string, { place: ImagePlace }>();
    for (const { file, placement } of files) {
      const added = target.add(file);
      if ('refusal' in added || !placement) continue;
      if ('placeholder' in placement) {
        places.current.set(added.slotId, placement);
        continue;
      }
      // Files of one paste shared a place: sharing it again keeps them in their order.
      const at = `${placement.place.blockKey}:${placement.place.offset}`;
      const group = groups.get(at) ?? { place: placement.place };
      groups.set(at, group);
      places.current.set(added.slotId, { alt: placement.alt, group });
    }
    filesRestored.current = true;
    setRestoredFiles(files.length);
  };

  const set = (name: Exclude<keyof ArticleFields, 'tituloUrlManual'>) => (value: string) => {
    setFields(applyFieldChange(fieldsRef.current, name, value, slugify));
    if (errors[name as FieldName]) setErrors((current) => ({ ...current, [name]: undefined }));
    if (name !== 'chave') changed();
  };

  const restartEditor = (raw: RawDraftContentState | null) => setEditorSession((current) => ({ key: (current?.key ?? 0) + 1, raw }));

  const discardDraft = () => {
    autosave.cancel();
    clearDraft(draftSlot());
    for (const slot of queue.pending()) if (slot.state.kind !== 'uploading') cancelFile(slot.id);
    void clearPendingFiles(draftSlot());
    setRestoredFiles(0);
    // What was discarded is nothing to keep: leaving no longer asks.
    onServer.current = changes.current;
    setNotice(null);
    setStaleCopy(null);
    setErrors({});
    if (loaded) {
      setFields(fieldsFromArticle(loaded));
      void import('./html-to-raw.js').then(({ htmlToRaw }) => restartEditor(htmlToRaw(loaded.conteudo)));
    } else {
      setFields({ ...EMPTY_FIELDS, chave: fieldsRef.current.chave });
      restartEditor(null);
    }
  };

  const useStaleCopy = () => {
    if (!staleCopy) return;
    setFields({ ...fieldsRef.current, ...staleCopy.fields });
    restartEditor(staleCopy.content);
    setNotice({ kind: 'restored' });
    setStaleCopy(null);
    changed();
  };

  const uploadTarget = () => {
    const creds = credentials();
    const id = saver.current.state.id;
    return creds && id !== null ? { id, credentials: creds } : null;
  };

  /** A file saved under another name (the server makes names safe and unique): the main image follows it. */
  const followSavedName = (outcome: UploadOutcome) => {
    if (!outcome.ok || !outcome.image || fieldsRef.current.imagemNome !== outcome.filename) return;
    setFields({ ...fieldsRef.current, imagemNome: outcome.image.nome });
  };

  const afterUpload = (outcome: UploadOutcome) => {
    followSavedName(outcome);
    placeUpload(outcome);
  };

  const reportUpload = (outcome: UploadOutcome) => {
    if (outcome.ok) say('success', FLOW_MESSAGES.uploaded(outcome.filename));
    else say('error', FLOW_MESSAGES.uploadFailed(outcome.filename, outcome.message));
    afterUpload(outcome);
  };

  /** One at a time and in order, as the save flow sends them: the images of a paste land in their order. */
  const uploadSlots = async (slotIds: number[]) => {
    const target = uploadTarget();
    if (!target) return;
    for (const slotId of slotIds) reportUpload(await queue.start(slotId, target));
  };

  const uploadPlaced = () => {
    const waiting = new Set(queue.pending().flatMap((slot) => (slot.state.kind === 'queued' ? [slot.id] : [])));
    void uploadSlots([...places.current.keys()].filter((slotId) => waiting.has(slotId)));
  };

  /** Files pasted or dropped (in the text, with a place, or on the uploader): uploads of the article like chosen files. */
  const receiveImages = (images: ReceivedImage[], place: ImagePlace | null) => {
    const group = place && { place };
    const added: number[] = [];
    for (const { file, alt, placeholder } of images) {
      const result = queue.add(file);
      if ('refusal' in result) {
        say('error', FLOW_MESSAGES.uploadFailed(file.name, result.refusal));
        if (placeholder) editor.current?.fillPlaceholder(placeholder, null);
        continue;
      }
      if (placeholder) places.current.set(result.slotId, { placeholder, alt });
      else if (group) places.current.set(result.slotId, { group, alt });
      added.push(result.slotId);
    }
    // The browser's copy was written as each file joined the queue, before its place was known.
    writePendingFiles.current();
    void uploadSlots(added);
  };
  const receiveImagesRef = useRef(receiveImages);
  receiveImagesRef.current = receiveImages;
  // Stable, so the memoised editor is not re-rendered for it.
  const onImageFiles = useCallback((images: ReceivedImage[], place: ImagePlace) => receiveImagesRef.current(images, place), []);

  /** A cancelled pasted image leaves no placeholder behind. */
  const cancelFile = (slotId: number) => {
    if (!queue.cancel(slotId)) return;
    const placement = places.current.get(slotId);
    if (placement && 'placeholder' in placement) editor.current?.fillPlaceholder(placement.placeholder, null);
    places.current.delete(slotId);
  };

  const chooseFile = (slotId: number, file: File) => {
    const refusal = queue.choose(slotId, file);
    if (refusal) return say('error', refusal);
    // An article already on the server gets its files at once, so the editor's image dialog can offer them.
    const target = uploadTarget();
    if (target) void queue.start(slotId, target).then(reportUpload);
  };

  const retryFile = (slotId: number) => {
    const target = uploadTarget();
    if (target) void queue.start(slotId, target).then(reportUpload);
    else say('info', FORM_MESSAGES.retryLater);
  };

  const useAsMain = (image: Pick<ArticleImage, 'nome' | 'width' | 'height'>) => {
    setFields({ ...fieldsRef.current, imagemNome: image.nome, imagemWidth: String(image.width), imagemHeight: String(image.height) });
    setErrors((current) => ({ ...current, imagemNome: undefined, imagemWidth: undefined, imagemHeight: undefined }));
    say('info', FORM_MESSAGES.mainImage(image));
    changed();
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (!first) return false;
    say('error', VALIDATION_MESSAGES.summary);
    if (first === 'conteudo') editor.current?.focus();
    else document.getElementById(FIELD_IDS[first])?.focus();
    return true;
  };

  const articleLink = async (id: number) => {
    const published = await api.get(id);
    // The server redirects a non-canonical date to the right one, so today's date is a safe fallback.
    const article = published.ok ? published.value : { id, titulo_url: fieldsRef.current.tituloUrl, data_publicacao: new Date().toISOString() };
    return { href: links.published(article), label: FORM_MESSAGES.viewArticle };
  };

  /** The checks an action needs, shown beside the fields; true when it may go on. */
  const checkFor = (intent: SaveIntent['kind']) => {
    setMessages([]);
    const needsKey = !signedInRef.current;
    if (intent === 'unpublish') return true;
    const found =
      intent === 'save' && !isPublic(saver.current.state.status)
        ? validateDraft(fieldsRef.current, needsKey)
        : validateArticle(fieldsRef.current, isContentEmpty(editor.current), needsKey);
    return !showErrors(found);
  };

  const run = async (intent: SaveIntent) => {
    setDialog(null);
    setMessages([]);
    const creds = credentials();
    if (!creds) return;
    autosave.flushLocal();
    const generation = changes.current;
    setBusy(true);
    const report = await runSaveFlow(
      {
        saver: saver.current,
        uploads: queue,
        credentials: creds,
        read: () => ({ ...credits.payload(toPayload(fieldsRef.current, readHtml(editor.current))), ...topics.payload() }),
        onUploaded: afterUpload,
        isNew,
      },
      intent,
    );
    setBusy(false);
    for (const line of report.lines) say(line.kind, line.text);
    if (report.conflict) markConflict(true);
    if (report.id !== null && !report.conflict) {
      const created = window.location.pathname !== links.edit(report.id) && isNew;
      confirmSaved({ kind: 'saved', id: report.id, versao: saver.current.state.versao ?? 0, created, unchanged: false }, report.ok ? generation : -1);
    }
    if (!report.ok || report.id === null) return;
    setAutosaveState({ kind: 'idle' });
    if (intent.kind === 'schedule') setLoaded((current) => current && { ...current, publicar_em: intent.publicarEm });
    const goesOut = intent.kind === 'publish' || intent.kind === 'schedule';
    if (isNew && goesOut) {
      // The form keeps what was published, with the uploads' results above, and is now the article's
      // own page (confirmSaved): emptying it hid what had just gone out. The next article is a link away.
      const id = report.id;
      const next = { href: links.newArticle, label: FORM_MESSAGES.writeAnother };
      say('info', FORM_MESSAGES.articleId(id), ...(intent.kind === 'publish' ? [await articleLink(id)] : []), next);
      return;
    }
    if (intent.kind === 'publish' || (intent.kind === 'save' && saver.current.state.status === 'publicado')) {
      say('info', FORM_MESSAGES.articleId(report.id), await articleLink(report.id));
    }
  };

  const overwrite = async () => {
    const creds = credentials();
    if (!creds) return;
    setBusy(true);
    await saver.current.overwriteNext(creds);
    const generation = changes.current;
    const outcome = await saver.current.save(creds, () => ({ ...credits.payload(toPayload(fieldsRef.current, readHtml(editor.current))), ...topics.payload() }));
    setBusy(false);
    if (outcome.kind === 'saved') {
      markConflict(false);
      confirmSaved(outcome, generation);
      say('success', FORM_MESSAGES.overwritten);
    } else if (outcome.kind === 'refused') {
      say('error', outcome.message);
    }
  };

  const onAction = (action: ActionName) => {
    const intent = action === 'draft' ? 'save' : action === 'publish' && saverState.status === 'publicado' ? 'save' : action;
    if (!checkFor(intent)) return;
    if (action === 'draft') void run({ kind: 'save' });
    else setDialog(action);
  };

  const uploaded = slots.flatMap((slot) => (slot.state.kind === 'uploaded' ? [slot.state.image] : []));
  // A new list only when the set of uploaded images changes, not on every progress event.
  const uploadedKey = uploaded.map((image) => image.url).join('\n');
  const uploadedImages = useMemo(() => uploaded.map(({ nome, url, width, height }) => ({ nome, url, width, height })), [uploadedKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const contentError = errors.conteudo ? `${FIELD_IDS.conteudo}-erro` : undefined;
  // Typing in the form's fields re-renders the form, never the editor (6,000 words stay smooth).
  const editorElement = useMemo(
    () =>
      Editor && editorSession ? (
        <Editor
          key={editorSession.key}
          handle={editor}
          initialRaw={editorSession.raw}
          onChange={changed}
          labelId={CONTENT_LABEL_ID}
          errorId={contentError}
          uploadedImages={uploadedImages}
          onImageFiles={onImageFiles}
        />
      ) : (
        <div className="rte-loading" id={FIELD_IDS.conteudo}>
          Carregando o editor…
        </div>
      ),
    [Editor, editorSession, changed, contentError, uploadedImages, onImageFiles],
  );

  if (mode.kind === 'edit' && !loaded) {
    return (
      <div className="article-form-loading" role="status">
        {loadError ? (
          <p>
            {loadError} <a href={links.signIn(links.edit(mode.id))}>{FORM_MESSAGES.signIn}</a>
          </p>
        ) : (
          <p>{FORM_MESSAGES.loading}</p>
        )}
      </div>
    );
  }

  const error = (name: FieldName) => errors[name];
  const field = (name: Exclude<FieldName, 'conteudo'>, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField id={FIELD_IDS[name]} label={label} value={fields[name]} onChange={set(name)} error={error(name)} {...extra} />
  );
  const status = saverState.status;

  return (
    <form className="article-form" onSubmit={(event) => event.preventDefault()} noValidate aria-busy={busy}>
      {status && <ArticleState status={status} publicarEm={loaded?.publicar_em ?? null} />}
      <DraftNotice state={notice} files={restoredFiles} onDiscard={discardDraft} onUseCopy={useStaleCopy} />
      {conflict && <ConflictNotice busy={busy} onReload={() => window.location.reload()} onOverwrite={() => void overwrite()} />}
      {/* Signed in (the page's bar says who): the session cookie authorises, no key to type. */}
      {!signedIn && field('chave', 'Chave', { type: 'password', required: true, autoComplete: 'current-password' })}
      <TextField
        id="artigo-novo-id"
        label={saverState.id === null ? 'Novo ID' : 'ID do artigo'}
        value={saverState.id === null ? nextId : String(saverState.id)}
        onChange={() => undefined}
        readOnly
        hint={saverState.id === null ? 'Prévia: o servidor confirma o ID ao salvar.' : undefined}
      />
      {field('titulo', 'Título', { required: true })}
      {field('tituloUrl', 'Título na URL', { required: true, hint: 'Sugerido a partir do título; pode ser editado.' })}
      {field('descricao', 'Descrição', { required: true, multiline: true })}
      {field('keywords', 'Palavras-chave', { hint: 'Separadas por vírgula.' })}
      <TopicsField apiBasePath={apiBasePath} value={topics.names} onChange={topics.set} />
      <div className={`field field-editor${error('conteudo') ? ' field-invalid' : ''}`}>
        <span id={CONTENT_LABEL_ID} className="field-label">
          Conteúdo<span className="required-mark" aria-hidden="true"> *</span>
        </span>
        {editorElement}
        {error('conteudo') && (
          <p id={`${FIELD_IDS.conteudo}-erro`} className="field-error">
            {error('conteudo')}
          </p>
        )}
      </div>
      <CreditsFields apiBasePath={apiBasePath} value={credits.credits} onChange={credits.change} signedIn={Boolean(signedIn)} disabled={busy} />
      <MedicalReviewPanel apiBasePath={apiBasePath} id={saverState.id} versao={saverState.versao} clinical={credits.credits.clinico} waiting={loaded?.aguardando_revisao_medica ?? true} review={loaded?.revisao_medica ?? null} mayApprove={session?.podeRevisar === true} live={isPublic(status)} credentials={credentials} onWaitingChange={onReviewWaiting} />
      <fieldset>
        <legend>Imagem principal</legend>
        {field('imagemNome', 'Nome', { hint: 'Use "Usar como imagem principal" numa imagem escolhida (antes ou depois de enviada) para preencher nome, largura e altura.' })}
        {field('imagemCaption', 'Legenda')}
        {field('imagemAlt', 'Texto alternativo', { hint: 'O que a imagem mostra, para quem não a vê. Vazio: a legenda é usada.' })}
        <div className="field-row">
          {field('imagemWidth', 'Largura (px)', { inputMode: 'numeric' })}
          {field('imagemHeight', 'Altura (px)', { inputMode: 'numeric' })}
        </div>
      </fieldset>
      <fieldset>
        <legend>Imagens</legend>
        <Uploader
          slots={slots}
          disabled={busy}
          onChoose={chooseFile}
          onCancel={cancelFile}
          onDropFiles={(files) => receiveImages(files.map((file) => ({ file, alt: '' })), null)}
          onRetry={retryFile}
          onSize={(slotId, size) => queue.setSize(slotId, size)}
          onUseAsMain={useAsMain}
        />
      </fieldset>
      <PrePublishPanel checked={checks.checked} />
      <StatusMessages messages={messages} />
      <ArticleActions id={saverState.id} status={status} busy={busy} onAction={onAction} links={links} mayPublish={session?.podePublicar !== false} />
      <AutosaveStatus state={autosaveState} />
      {dialog && (
        <ActionDialog
          action={dialog}
          live={status === 'publicado'}
          publicarEm={loaded?.publicar_em ?? null}
          onRun={(intent) => void run(intent)}
          onClose={() => setDialog(null)}
        />
      )}
    </form>
  );
}
