import { useCallback, useRef, useState } from 'react';
import type { ArticleApi, Credentials, EditableArticle, NewArticlePayload } from '../../client/article-api.js';
import { FORM_MESSAGES, saverOf, type ArticleFormAction, type ArticleFormState } from './article-form-state.js';
import { ArticleSaver, type SaveOutcome } from './article-saver.js';
import { clearDraft } from './draft-storage.js';
import { fieldsFromArticle } from './fields.js';
import type { FormLinks } from './form-props.js';
import { clearPendingFiles } from './pending-files.js';
import { runSaveFlow, type SaveIntent } from './publish-flow.js';
import type { UploadOutcome, UploadQueue } from './upload-queue.js';
import { toPayload } from './validation.js';

interface SavingDeps {
  api: ArticleApi;
  links: FormLinks;
  isNew: boolean;
  dispatch: (action: ArticleFormAction) => void;
  latest: () => ArticleFormState;
  credentials: () => Credentials | null;
  /** The form as the server gets it, read when the request's turn comes. */
  read: () => NewArticlePayload;
  uploads: { queue: UploadQueue; afterUpload: (outcome: UploadOutcome) => void; writePending: () => void };
  /** The browser's copy written now, before a button's save. */
  flushLocal: () => void;
  /** A button's save went through: the autosave line has nothing left to say. */
  settleAutosave: () => void;
}

type Saved = Extract<SaveOutcome, { kind: 'saved' }>;

const newSaver = (api: ArticleApi, article?: EditableArticle) =>
  new ArticleSaver(api, article ? saverOf(article) : { id: null, versao: null, status: null }, article ? toPayload(fieldsFromArticle(article), article.conteudo) : undefined);

/**
 * The article's writes to the server: the saver they all go through, the buttons' save flow, the
 * overwrite after a conflict, and the count of changes that says whether the server has the page's text.
 */
export function useArticleSaving(deps: SavingDeps, initialArticle: EditableArticle | undefined) {
  const latestDeps = useRef(deps);
  latestDeps.current = deps;
  const [firstSaver] = useState(() => newSaver(deps.api, initialArticle));
  const saver = useRef(firstSaver);
  /** Counts changes (`made`), and the newest generation of them the server confirmed (`confirmed`). */
  const changes = useRef({ made: 0, confirmed: 0 });

  const changed = useCallback(() => void (changes.current.made += 1), []);

  const syncSaver = () => deps.dispatch({ type: 'saverChanged', saver: { ...saver.current.state } });

  /** What the server confirmed: the browser's copy is no longer needed unless the text moved on since. */
  const confirmSaved = (outcome: Saved, generation: number) => {
    const { links } = latestDeps.current;
    if (outcome.created) {
      clearDraft('novo');
      void clearPendingFiles('novo').then(() => latestDeps.current.uploads.writePending());
      // A reload (or a bookmark) of this tab now opens the article itself, never a second new one.
      if (window.location.pathname !== links.edit(outcome.id)) window.history.replaceState(null, '', links.edit(outcome.id));
    }
    if (generation === changes.current.made) clearDraft(outcome.id);
    changes.current.confirmed = Math.max(changes.current.confirmed, generation);
    syncSaver();
  };

  const articleLink = async (id: number) => {
    const { api, links, latest } = latestDeps.current;
    const published = await api.get(id);
    // The server redirects a non-canonical date to the right one, so today's date is a safe fallback.
    const article = published.ok ? published.value : { id, titulo_url: latest().fields.tituloUrl, data_publicacao: new Date().toISOString() };
    return { href: links.published(article), label: FORM_MESSAGES.viewArticle };
  };

  /** Saves as `intent` says; true once the server has it. */
  const run = async (intent: SaveIntent): Promise<boolean> => {
    const { dispatch, credentials, isNew, links, read, uploads } = latestDeps.current;
    dispatch({ type: 'messagesCleared' });
    const creds = credentials();
    if (!creds) return false;
    latestDeps.current.flushLocal();
    const generation = changes.current.made;
    dispatch({ type: 'saveStarted' });
    const report = await runSaveFlow({ saver: saver.current, uploads: uploads.queue, credentials: creds, read, onUploaded: uploads.afterUpload, isNew }, intent);
    dispatch({ type: 'saveFinished', lines: report.lines, conflict: report.conflict === true });
    if (report.id !== null && !report.conflict) {
      const created = window.location.pathname !== links.edit(report.id) && isNew;
      confirmSaved({ kind: 'saved', id: report.id, versao: saver.current.state.versao ?? 0, created, unchanged: false }, report.ok ? generation : -1);
    }
    if (!report.ok || report.id === null) return false;
    latestDeps.current.settleAutosave();
    if (intent.kind === 'schedule') dispatch({ type: 'scheduled', publicarEm: intent.publicarEm });
    const say = (text: string, ...links: { href: string; label: string }[]) => dispatch({ type: 'messageShown', kind: 'info', text, links });
    const goesOut = intent.kind === 'publish' || intent.kind === 'schedule';
    if (isNew && goesOut) {
      // The form keeps what was published, with the uploads' results above, and is now the article's
      // own page (confirmSaved): emptying it hid what had just gone out. The next article is a link away.
      const next = { href: links.newArticle, label: FORM_MESSAGES.writeAnother };
      say(FORM_MESSAGES.articleId(report.id), ...(intent.kind === 'publish' ? [await articleLink(report.id)] : []), next);
      return true;
    }
    if (intent.kind === 'publish' || (intent.kind === 'save' && saver.current.state.status === 'publicado')) {
      say(FORM_MESSAGES.articleId(report.id), await articleLink(report.id));
    }
    return true;
  };

  const overwrite = async () => {
    const { dispatch, credentials, read } = latestDeps.current;
    const creds = credentials();
    if (!creds) return;
    dispatch({ type: 'saveStarted' });
    await saver.current.overwriteNext(creds);
    const generation = changes.current.made;
    const outcome = await saver.current.save(creds, read);
    dispatch({ type: 'overwriteFinished', outcome });
    if (outcome.kind === 'saved') confirmSaved(outcome, generation);
  };

  return {
    saver: () => saver.current,
    run,
    overwrite,
    confirmSaved,
    /** Something was typed, chosen or pasted (stable: the editor's onChange calls it). */
    changed,
    generation: () => changes.current.made,
    /** Something typed is not on the server yet. */
    unsent: () => changes.current.made > changes.current.confirmed,
    /** What was discarded is nothing to keep: leaving no longer asks. */
    forgetUnsent: () => void (changes.current.confirmed = changes.current.made),
    /** The article read after hydration: its saver starts from its version. */
    openArticle: (article: EditableArticle) => {
      saver.current = newSaver(latestDeps.current.api, article);
    },
  };
}
