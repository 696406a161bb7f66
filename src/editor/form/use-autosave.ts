import { useCallback, useEffect, useRef } from 'react';
import { whenIdle } from './idle.js';

/** The browser's copy a moment after typing stops; the server's a few seconds after. */
export const LOCAL_DELAY_MS = 800;
export const SERVER_DELAY_MS = 3000;
/**
 * An editor who types without a 3 s pause still gets a server copy this often: the wait counts from
 * the first change not on the server, and the idle callback adds at most 2 s, so 20 s at most.
 */
export const SERVER_MAX_WAIT_MS = 18_000;

export interface AutosaveTargets {
  /** Writes the browser's copy (must be quick: the raw state, no HTML). */
  saveLocal: () => void;
  /** Saves the draft on the server when it may (credentials, a title, not public, no conflict). */
  saveServer: () => void;
}

/**
 * Schedules the two saves after each change, each in an idle callback so it never runs in the middle
 * of typing, and writes the browser's copy at once when the page is hidden or closed.
 */
export function useAutosave(targets: AutosaveTargets, enabled: boolean) {
  const latest = useRef(targets);
  latest.current = targets;
  const timers = useRef<{ local?: ReturnType<typeof setTimeout>; server?: ReturnType<typeof setTimeout>; serverDeadline?: ReturnType<typeof setTimeout> }>({});
  const idle = useRef<(() => void)[]>([]);
  /** Changes not yet in the browser's copy. */
  const unsaved = useRef(false);

  const saveLocal = useCallback(() => {
    if (!unsaved.current) return;
    unsaved.current = false;
    latest.current.saveLocal();
  }, []);

  const cancel = useCallback(() => {
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
    clearTimeout(timers.current.serverDeadline);
    timers.current = {};
    for (const stop of idle.current.splice(0)) stop();
    unsaved.current = false;
  }, []);

  const later = (run: () => void) => () => {
    const stop = whenIdle(() => {
      idle.current = idle.current.filter((item) => item !== stop);
      run();
    });
    idle.current.push(stop);
  };

  /** Either timer's save settles both: the next change starts a new pause and a new deadline. */
  const saveServer = useCallback(() => {
    clearTimeout(timers.current.server);
    clearTimeout(timers.current.serverDeadline);
    timers.current.server = undefined;
    timers.current.serverDeadline = undefined;
    latest.current.saveServer();
  }, []);

  const changed = useCallback(() => {
    if (!enabled) return;
    unsaved.current = true;
    clearTimeout(timers.current.local);
    clearTimeout(timers.current.server);
    timers.current.local = setTimeout(later(saveLocal), LOCAL_DELAY_MS);
    timers.current.server = setTimeout(later(saveServer), SERVER_DELAY_MS);
    timers.current.serverDeadline ??= setTimeout(later(saveServer), SERVER_MAX_WAIT_MS);
  }, [enabled, saveLocal, saveServer]);

  const flushLocal = useCallback(() => {
    if (enabled) saveLocal();
  }, [enabled, saveLocal]);

  useEffect(() => {
    if (!enabled) return;
    const onHide = () => {
      if (document.visibilityState === 'hidden') flushLocal();
    };
    window.addEventListener('pagehide', flushLocal);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flushLocal);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [enabled, flushLocal]);

  useEffect(() => cancel, [cancel]);

  return { changed, flushLocal, cancel };
}
