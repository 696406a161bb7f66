import { useEffect, useState, type ComponentType } from 'react';
import type { ArticleApi, EditableArticle } from '../../client/article-api.js';
import type { RichTextEditorProps } from '../ui/rich-text-editor.js';
import { FORM_MESSAGES, restoresCopy, type ArticleFormAction } from './article-form-state.js';
import { hasContent, loadDraft, type DraftSlot } from './draft-storage.js';
import type { ArticleFormMode } from './form-props.js';

interface OpeningDeps {
  api: ArticleApi;
  mode: ArticleFormMode;
  initialArticle: EditableArticle | undefined;
  loadEditor: (() => Promise<ComponentType<RichTextEditorProps>>) | undefined;
  dispatch: (action: ArticleFormAction) => void;
  /** The new article's files a reload interrupted go back in the queue. */
  restoreNewFiles: () => Promise<void>;
  /** The article read from the server: its saver, its images and the files a reload interrupted. */
  openArticle: (article: EditableArticle) => void;
  /** The browser's copy was put back: it is not on the server. */
  changed: () => void;
}

/** The browser's copy of a slot, when something was typed in it. */
function usableCopy(slot: DraftSlot) {
  const stored = loadDraft(slot);
  return stored && hasContent(stored) ? stored : null;
}

/**
 * After hydration: the article (edit) or the browser's draft (new), then Draft.js (its random block
 * keys cannot be server-rendered). Returns the editor's component once loaded.
 */
export function useArticleOpening(deps: OpeningDeps): ComponentType<RichTextEditorProps> | null {
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  useEffect(() => {
    const { api, mode, initialArticle, dispatch } = deps;
    const editorReady = deps.loadEditor?.().then(
      (component) => {
        setEditor(() => component);
        return true;
      },
      () => {
        dispatch({ type: 'messageShown', kind: 'error', text: FORM_MESSAGES.editorLoadFailed });
        return false;
      },
    );
    if (mode.kind === 'new') {
      dispatch({ type: 'newArticleOpened', copy: usableCopy('novo') });
      void api.nextId().then((result) => {
        if (result.ok) dispatch({ type: 'nextIdReceived', nextId: String(result.value) });
      });
      void deps.restoreNewFiles();
      return;
    }
    void (async () => {
      let article = initialArticle;
      if (!article) {
        const result = await api.getForEditing(mode.id, { session: true });
        if (!result.ok) return dispatch({ type: 'articleLoadFailed', message: result.message });
        article = result.value;
      }
      if (!(await editorReady)) return;
      const { htmlToRaw } = await import('./html-to-raw.js');
      deps.openArticle(article);
      const copy = usableCopy(article.id);
      const restored = restoresCopy(copy, article);
      dispatch({ type: 'articleOpened', article, copy, serverRaw: restored ? null : htmlToRaw(article.conteudo) });
      if (restored) deps.changed();
    })();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- runs once, after hydration
  return Editor;
}
