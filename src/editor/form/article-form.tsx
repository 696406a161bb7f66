import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createArticleApi, type Credentials } from '../../client/article-api.js';
import type { InsertedImage } from '../../client/media-library-api.js';
import { LibraryContext } from '../ui/library-context.js';
import type { EditorHandle } from '../ui/rich-text-editor.js';
import { ArticleActions, type ActionName } from './article-actions.js';
import { HeadFields, MainImageFields } from './article-form-fields.js';
import { articleFormReducer, checksSource, firstInvalidField, FORM_MESSAGES, initialFormState, type TypedField } from './article-form-state.js';
import { ActionDialog, useActionDialog } from './confirm-dialogs.js';
import { ContentField } from './content-field.js';
import { CreditsFields, useArticleCredits } from './credits-fields.js';
import { PlanningFields, usePlanning } from './planning-fields.js';
import { clearDraft, saveDraft, type DraftSlot } from './draft-storage.js';
import { isContentEmpty, readHtml, readRaw } from './editor-reader.js';
import { FIELD_IDS } from './fields.js';
import type { ArticleFormProps } from './form-props.js';
import { useLeaveGuard } from './leave-guard.js';
import { MedicalReviewPanel } from './medical-review-panel.js';
import { CorrectionsPanel } from './corrections-panel.js';
import { CommentOnSelection } from './comment-on-selection.js';
import { ArticleLoading, ArticleState, AutosaveStatus, ConflictNotice, DraftNotice } from './notices.js';
import { clearPendingFiles } from './pending-files.js';
import { reportClientError } from './report-client-error.js';
import { PrePublishPanel, usePrePublishChecks } from './pre-publish-panel.js';
import { isPublic, type SaveIntent } from './publish-flow.js';
import { StatusMessages, type StatusMessage } from './status-messages.js';
import { TopicsField, useArticleTopics } from './topics-field.js';
import type { ArticleImage } from './upload-queue.js';
import { Uploader } from './uploader.js';
import { useArticleAutosave } from './use-article-autosave.js';
import { useArticleOpening } from './use-article-opening.js';
import { useArticleSaving } from './use-article-saving.js';
import { useArticleUploads } from './use-article-uploads.js';
import { useEditLock } from './use-edit-lock.js';
import { useReviewRequest } from './use-review-request.js';
import { EditLockBanner } from './edit-lock-banner.js';
import { useLatestReducer } from './use-latest-reducer.js';
import { useLibraryAccess } from './use-library-access.js';
import { MainImageLibrary } from './main-image-library.js';
import { toPayload, validateArticle, validateDraft } from './validation.js';

const NEW_MODE = { kind: 'new' } as const;
/** REVIEW_INTERVAL_MONTHS' default, for a page that did not say (the server applies its own when no span is sent). */
const DEFAULT_REVIEW_MONTHS = 12;

/**
 * The article form: its state is `articleFormReducer`'s (article-form-state.ts); the uploads, the
 * autosave, the dialogs and "Antes de publicar" keep their own. This component wires them together.
 */
export function ArticleForm({ apiBasePath, links, mode = NEW_MODE, session, initialNextId = '', initialArticle, loadEditor }: ArticleFormProps) {
  const api = useMemo(() => createArticleApi(apiBasePath), [apiBasePath]);
  const isNew = mode.kind === 'new';
  const [state, dispatch, latest] = useLatestReducer(articleFormReducer, () => initialFormState(initialArticle, initialNextId));
  const editor = useRef<EditorHandle>(null);
  const signedIn = useRef(session);
  signedIn.current = session;
  const dialog = useActionDialog();

  const reportEditorError = useCallback((error: unknown) => reportClientError(apiBasePath, error), [apiBasePath]);
  const say = (kind: StatusMessage['kind'], text: string) => dispatch({ type: 'messageShown', kind, text });
  const credentials = useCallback((): Credentials | null => {
    if (signedIn.current) return { session: true };
    const key = latest().fields.chave.trim();
    return key ? { key } : null;
  }, [latest]);
  const draftSlot = (): DraftSlot => saving.saver().state.id ?? 'novo';
  const lockBlocks = useRef(false);
  const lock = useEditLock(apiBasePath, mode.kind === 'edit' ? mode.id : null, credentials);
  const read = () => ({ ...credits.payload(toPayload(latest().fields, readHtml(editor.current))), ...topics.payload(), ...planning.payload(), ...lock.payload() });

  const uploads = useArticleUploads({
    upload: (...args) => api.uploadImage(...args),
    initialImages: initialArticle?.imagens ?? [],
    editor,
    target: () => {
      const creds = credentials();
      const id = saving.saver().state.id;
      return creds && id !== null ? { id, credentials: creds } : null;
    },
    draftSlot,
    say,
    // A file saved under another name (the server makes names safe and unique): the main image follows it.
    onUploaded: (outcome) => {
      if (outcome.ok && outcome.image) dispatch({ type: 'fileRenamed', filename: outcome.filename, nome: outcome.image.nome });
    },
    onRestored: (count) => dispatch({ type: 'filesRestored', count }),
  });

  const saving = useArticleSaving(
    { api, links, isNew, dispatch, latest, credentials, read, uploads, flushLocal: () => autosave.flushLocal(), settleAutosave: () => autosave.settle() },
    initialArticle,
  );

  const autosave = useArticleAutosave(
    {
      writeLocal: () => saveDraft(draftSlot(), latest().fields, readRaw(editor.current), saving.saver().state.versao),
      saver: saving.saver,
      credentials,
      mayTry: () => !latest().conflict && !lockBlocks.current && latest().fields.titulo.trim() !== '',
      read,
      generation: saving.generation,
      onSaved: (outcome, generation) => {
        saving.confirmSaved(outcome, generation);
        // Images pasted before the article existed go up as soon as it does.
        if (outcome.created) uploads.uploadPlaced();
      },
      onConflict: () => dispatch({ type: 'conflictFound' }),
    },
    state.editorSession !== null,
  );

  const checks = usePrePublishChecks((reviewed) => {
    if (!editor.current) return null;
    const outside = { id: saving.saver().state.id, conteudo: readHtml(editor.current), credits: credits.credits, reviewed, published: links.published };
    return checksSource(latest(), outside);
  });
  const { schedule: scheduleChecks } = checks;
  const review = useReviewRequest(
    { api, credentials, saveDraft: () => saving.run({ kind: 'save' }), articleId: () => saving.saver().state.id, say },
    checks.reviewWaitingChanged,
  );

  const countChange = saving.changed;
  const autosaveChanged = autosave.changed;
  const changed = useCallback(() => {
    countChange();
    autosaveChanged();
    scheduleChecks();
  }, [countChange, autosaveChanged, scheduleChecks]);
  const credits = useArticleCredits(state.loaded, changed);
  const topics = useArticleTopics(state.loaded, changed);
  const planning = usePlanning(apiBasePath, state.saver.id ?? null, Boolean(session), changed);

  useLeaveGuard(() => saving.unsent() || uploads.queue.pending().length > 0);

  const Editor = useArticleOpening({
    api,
    mode,
    initialArticle,
    loadEditor,
    dispatch,
    restoreNewFiles: uploads.restoreNew,
    openArticle: (article) => {
      saving.openArticle(article);
      uploads.openArticle(article.imagens ?? [], article.id);
    },
    changed: countChange,
  });

  // The editor's first content (new, restored or loaded) is checked once it is in place.
  useEffect(() => {
    if (Editor && state.editorSession) scheduleChecks();
  }, [Editor, state.editorSession, scheduleChecks]);

  const set = (name: TypedField) => (value: string) => {
    dispatch({ type: 'fieldTyped', name, value });
    if (name !== 'chave') changed();
  };

  const discardDraft = () => {
    autosave.cancel();
    clearDraft(draftSlot());
    uploads.discardPending();
    void clearPendingFiles(draftSlot());
    saving.forgetUnsent();
    const { loaded } = latest();
    dispatch({ type: 'draftDiscarded' });
    if (loaded) void import('./html-to-raw.js').then(({ htmlToRaw }) => dispatch({ type: 'editorRestarted', raw: htmlToRaw(loaded.conteudo) }));
  };

  const useStaleCopy = () => {
    if (!state.staleCopy) return;
    dispatch({ type: 'staleCopyUsed' });
    changed();
  };

  const useAsMain = (image: Pick<ArticleImage, 'nome' | 'width' | 'height'>) => {
    dispatch({ type: 'mainImageChosen', image });
    changed();
  };

  const library = useLibraryAccess(apiBasePath, () => saving.saver().state.id, credentials);
  const useLibraryImageAsMain = (image: InsertedImage) => {
    useAsMain(image);
    if (image.alt) set('imagemAlt')(image.alt);
    if (image.legenda) set('imagemCaption')(image.legenda);
  };

  /** The checks an action needs, shown beside the fields; true when it may go on. */
  const checkFor = (intent: SaveIntent['kind']) => {
    const { fields } = latest();
    const needsKey = !signedIn.current;
    const drafting = intent === 'save' && !isPublic(saving.saver().state.status);
    const found = intent === 'unpublish' ? null : drafting ? validateDraft(fields, needsKey) : validateArticle(fields, isContentEmpty(editor.current), needsKey);
    dispatch({ type: 'actionChecked', errors: found });
    const first = found && firstInvalidField(found);
    if (first === 'conteudo') editor.current?.focus();
    else if (first) document.getElementById(FIELD_IDS[first])?.focus();
    return !first;
  };

  const onAction = (action: ActionName) => {
    // A version sent for review is checked as one that would go out: the revisor approves it whole.
    const intent = action === 'draft' ? 'save' : action === 'review' ? 'publish' : action === 'publish' && state.saver.status === 'publicado' ? 'save' : action;
    if (!checkFor(intent)) return;
    if (action === 'draft') void saving.run({ kind: 'save' });
    else if (action === 'review') void review.send();
    else dialog.ask(action);
  };

  lockBlocks.current = lock.blocksSaving;
  const { loaded, saver, busy, errors, fields } = state;
  if (mode.kind === 'edit' && !loaded) return <ArticleLoading error={state.loadError} signInHref={links.signIn(links.edit(mode.id))} />;

  const { status } = saver;
  return (
    <LibraryContext.Provider value={library}>
    <form className="article-form" onSubmit={(event) => event.preventDefault()} noValidate aria-busy={busy}>
      {status && <ArticleState status={status} publicarEm={loaded?.publicar_em ?? null} />}
      <EditLockBanner state={lock.state} onReadOnly={lock.readOnly} onTakeOver={lock.takeOver} />
      <DraftNotice state={state.notice} files={state.restoredFiles} onDiscard={discardDraft} onUseCopy={useStaleCopy} />
      {state.conflict && <ConflictNotice busy={busy} onReload={() => window.location.reload()} onOverwrite={() => void saving.overwrite()} />}
      <HeadFields signedIn={Boolean(session)} id={saver.id} nextId={state.nextId} fields={fields} errors={errors} onChange={set} />
      <TopicsField apiBasePath={apiBasePath} value={topics.names} onChange={topics.set} />
      <ContentField
        Editor={Editor}
        session={state.editorSession}
        handle={editor}
        onChange={changed}
        error={errors.conteudo}
        uploadedImages={uploads.uploadedImages}
        onImageFiles={uploads.onImageFiles}
        onError={reportEditorError}
      />
      <CommentOnSelection apiBasePath={apiBasePath} id={saver.id} credentials={credentials} />
      <CreditsFields apiBasePath={apiBasePath} value={credits.credits} onChange={credits.change} signedIn={Boolean(session)} disabled={busy} />
      <PlanningFields apiBasePath={apiBasePath} value={planning.plan} onChange={planning.change} signedIn={Boolean(session)} disabled={busy} />
      <MedicalReviewPanel apiBasePath={apiBasePath} id={saver.id} versao={saver.versao} clinical={credits.credits.clinico || loaded?.aguardando_revisao_medica === true} waiting={loaded?.aguardando_revisao_medica ?? true} review={loaded?.revisao_medica ?? null} mayApprove={session?.podeRevisar === true} live={isPublic(status)} defaultMonths={session?.mesesRevisao ?? DEFAULT_REVIEW_MONTHS} maySetDue={session?.podeDefinirRevisao === true} credentials={credentials} onWaitingChange={review.waitingChanged} />
      {status === 'publicado' && saver.id !== null && session?.podeCorrigir === true && <CorrectionsPanel apiBasePath={apiBasePath} id={saver.id} credentials={credentials} />}
      <MainImageFields fields={fields} errors={errors} onChange={set} />
      <MainImageLibrary onChosen={useLibraryImageAsMain} />
      <fieldset>
        <legend>Imagens</legend>
        <Uploader
          slots={uploads.slots}
          disabled={busy}
          onChoose={uploads.choose}
          onCancel={uploads.cancel}
          onDropFiles={(files) => uploads.receive(files.map((file) => ({ file, alt: '' })), null)}
          onRetry={(slotId) => {
            if (!uploads.retry(slotId)) say('info', FORM_MESSAGES.retryLater);
          }}
          onSize={(slotId, size) => uploads.queue.setSize(slotId, size)}
          onUseAsMain={useAsMain}
        />
      </fieldset>
      <PrePublishPanel checked={checks.checked} />
      <StatusMessages messages={state.messages} />
      <ArticleActions id={saver.id} status={status} busy={busy || lock.blocksSaving} onAction={onAction} links={links} mayPublish={session?.podePublicar !== false} reviewFirst={credits.credits.clinico && review.waiting} />
      <AutosaveStatus state={autosave.status} />
      {dialog.open && (
        <ActionDialog
          action={dialog.open}
          live={status === 'publicado'}
          clinical={credits.credits.clinico}
          publicarEm={loaded?.publicar_em ?? null}
          onRun={(intent) => {
            dialog.close();
            void saving.run(intent);
          }}
          onClose={dialog.close}
        />
      )}
    </form>
    </LibraryContext.Provider>
  );
}
