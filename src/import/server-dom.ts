import { Window } from 'happy-dom';

const SETTINGS = {
  disableJavaScriptEvaluation: true,
  disableJavaScriptFileLoading: true,
  disableCSSFileLoading: true,
  disableIframePageLoading: true,
  disableComputedStyleRendering: true,
};

/**
 * The editor's paste normaliser parses HTML with the browser's DOMParser; on the server an inert
 * happy-dom window lends it one, with scripts, style sheets and frames never loaded: an imported body
 * fetches nothing. The window lives for one body only: a happy-dom window keeps every document its
 * DOMParser made (about 0.35 MB each, several per body), so one window shared by a whole import grew the
 * heap by more than a megabyte per post. `run` is synchronous, so no other body ever sees this window.
 */
export async function withServerDom<T>(run: () => T): Promise<T> {
  if (typeof globalThis.DOMParser !== 'undefined') return run();
  const window = new Window({ settings: SETTINGS });
  globalThis.DOMParser = window.DOMParser as unknown as typeof DOMParser;
  try {
    return run();
  } finally {
    delete (globalThis as { DOMParser?: typeof DOMParser }).DOMParser;
    await window.happyDOM.close();
  }
}
