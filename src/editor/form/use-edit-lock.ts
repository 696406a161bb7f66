import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Credentials } from '../../client/article-api.js';
import { createEditLockApi, type EditLockView } from '../../client/edit-lock-api.js';
import { EDIT_HEARTBEAT_MS } from '../../lib/edit-lock-times.js';

/**
 * Where this tab stands with the article's editing lock (issue 34):
 * `checking` until the first heartbeat answers; `mine`; `held` by someone else, the person not yet
 * decided; `reading` after "Abrir só para leitura"; `taken` when someone took it over from this tab.
 */
export type EditLockState =
  | { kind: 'off' | 'checking' | 'mine' }
  | { kind: 'held' | 'reading'; nome: string; desde: string }
  | { kind: 'taken'; nome: string; desde: string };

export interface EditLock {
  state: EditLockState;
  /** True while saving would only make suggestions the person did not choose to make. */
  blocksSaving: boolean;
  /** The save's tab token: with it the server keeps a save made after a takeover as a suggestion. */
  payload(): { edicao?: string };
  takeOver(): void;
  readOnly(): void;
}

function nextState(previous: EditLockState, view: EditLockView): EditLockState {
  if (view.minha) return { kind: 'mine' };
  if (previous.kind === 'mine') return { kind: 'taken', nome: view.nome, desde: view.desde };
  return { kind: 'held', nome: view.nome, desde: view.desde };
}

/** The editing tab's heartbeat, its takeover and its release; off for a new article. */
export function useEditLock(apiBasePath: string, id: number | null, credentials: () => Credentials | null): EditLock {
  const titular = useMemo(() => (id !== null && typeof crypto !== 'undefined' ? crypto.randomUUID() : ''), [id]);
  const api = useMemo(() => (id !== null ? createEditLockApi(apiBasePath, id, titular) : null), [apiBasePath, id, titular]);
  const [state, setState] = useState<EditLockState>(id !== null ? { kind: 'checking' } : { kind: 'off' });
  const current = useRef(state);
  current.current = state;
  const creds = useRef(credentials);
  creds.current = credentials;

  // Only a tab that edits (or is about to learn whether it may) beats: a reader and a tab whose
  // editing was taken over never take the lock back on their own when the other person leaves.
  const beat = useCallback(async () => {
    const credentials = creds.current();
    const { kind } = current.current;
    if (!api || !credentials || (kind !== 'checking' && kind !== 'mine')) return;
    const answer = await api.beat(credentials);
    if (answer.ok) setState((previous) => (previous.kind === kind ? nextState(previous, answer.value) : previous));
  }, [api]);

  useEffect(() => {
    if (!api) return undefined;
    void beat();
    const timer = window.setInterval(() => void beat(), EDIT_HEARTBEAT_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    const onLeave = () => {
      const credentials = creds.current();
      if (credentials && current.current.kind === 'mine') void api.release(credentials);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
      window.removeEventListener('pagehide', onLeave);
    };
  }, [api, beat]);

  const takeOver = useCallback(() => {
    const credentials = creds.current();
    if (!api || !credentials) return;
    void api.takeOver(credentials).then((answer) => {
      if (answer.ok) setState(nextState({ kind: 'checking' }, answer.value));
    });
  }, [api]);

  const readOnly = useCallback(() => setState((previous) => (previous.kind === 'held' ? { ...previous, kind: 'reading' } : previous)), []);
  const payload = useCallback(() => (titular ? { edicao: titular } : {}), [titular]);
  const blocksSaving = state.kind === 'held' || state.kind === 'reading';
  return { state, blocksSaving, payload, takeOver, readOnly };
}
