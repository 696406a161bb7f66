import type { RawDraftContentState } from 'draft-js';
import { useCallback, useEffect, useRef } from 'react';
import { saveDraft } from './draft-storage.js';
import type { ArticleFields } from './fields.js';

const AUTOSAVE_DELAY_MS = 400;

/**
 * Keeps the draft in localStorage shortly after every change, and at once when the page is hidden
 * or closed, so that a reload or a crash loses at most the last fraction of a second.
 */
export function useDraftAutosave(fields: ArticleFields, readContent: () => RawDraftContentState | null, enabled: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestFields = useRef(fields);
  latestFields.current = fields;
  const reader = useRef(readContent);
  reader.current = readContent;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (enabled) saveDraft(latestFields.current, reader.current());
  }, [enabled]);

  const schedule = useCallback(() => {
    if (!enabled) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [enabled, flush]);

  useEffect(() => {
    if (!enabled) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [enabled, flush]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  return { schedule, flush, cancel };
}
