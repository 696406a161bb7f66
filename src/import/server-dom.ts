import { Window } from 'happy-dom';

/** The one inert window lending its DOMParser, made on first use. */
const windowRegistry: { window: Window | null } = { window: null };

/**
 * The editor's paste normaliser parses HTML with the browser's DOMParser; on the server an inert
 * happy-dom window lends it one, with scripts, style sheets and frames never loaded: an imported body
 * fetches nothing.
 */
export function provideDomParser(): void {
  if (typeof globalThis.DOMParser !== 'undefined') return;
  windowRegistry.window ??= new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      disableComputedStyleRendering: true,
    },
  });
  globalThis.DOMParser = windowRegistry.window.DOMParser as unknown as typeof DOMParser;
}
