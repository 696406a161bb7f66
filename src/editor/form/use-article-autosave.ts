import { useRef, useState } from 'react';
import type { Credentials, NewArticlePayload } from '../../client/article-api.js';
import type { ArticleSaver, SaveOutcome } from './article-saver.js';
import type { AutosaveState } from './notices.js';
import { isPublic } from './publish-flow.js';
import { useAutosave } from './use-autosave.js';

interface ArticleAutosaveDeps {
  /** Writes the browser's copy (the raw state, no HTML). */
  writeLocal: () => void;
  saver: () => ArticleSaver;
  credentials: () => Credentials | null;
  /** A draft worth a request: it has a title and no conflict waits for the editor's choice. */
  mayTry: () => boolean;
  read: () => NewArticlePayload;
  /** The count of changes made so far, to know later whether the saved text is still the page's. */
  generation: () => number;
  onSaved: (outcome: Extract<SaveOutcome, { kind: 'saved' }>, generation: number) => void;
  onConflict: () => void;
}

/**
 * The form's autosave: the browser's copy and the server's draft after each pause (useAutosave's
 * timing), and the quiet line under the buttons that says where the text is.
 */
export function useArticleAutosave(deps: ArticleAutosaveDeps, enabled: boolean) {
  const [status, setStatus] = useState<AutosaveState>({ kind: 'idle' });
  /** A key the server refused: autosave does not try it again (each try counts against the rate limit). */
  const refusedKey = useRef<string | null>(null);
  const autosave = useAutosave(
    {
      saveLocal: () => {
        deps.writeLocal();
        setStatus((current) => (current.kind === 'idle' ? { kind: 'local' } : current));
      },
      saveServer: () => {
        const saver = deps.saver();
        const creds = deps.credentials();
        if (isPublic(saver.state.status)) return setStatus({ kind: 'public' });
        if (!creds || !deps.mayTry()) return;
        if ('key' in creds && creds.key === refusedKey.current) return;
        const generation = deps.generation();
        setStatus({ kind: 'saving' });
        void saver.save(creds, deps.read).then((outcome) => {
          if (saver !== deps.saver()) return;
          if (outcome.kind === 'saved') {
            deps.onSaved(outcome, generation);
            setStatus({ kind: 'saved', at: new Date() });
          } else if (outcome.kind === 'conflict') {
            deps.onConflict();
            setStatus({ kind: 'local' });
          } else {
            if ((outcome.status === 401 || outcome.status === 403) && 'key' in creds) refusedKey.current = creds.key;
            setStatus({ kind: 'refused', message: outcome.message });
          }
        });
      },
    },
    enabled,
  );
  return {
    status,
    changed: autosave.changed,
    flushLocal: autosave.flushLocal,
    cancel: autosave.cancel,
    /** A button's save went through: the line has nothing left to say. */
    settle: () => setStatus({ kind: 'idle' }),
  };
}
