import { useEffect } from 'react';

const HIGHLIGHT = 'rte-selection';

/**
 * While focus is in the toolbar or a popup, the browser stops painting the editor's selection, so one
 * could not see what a button will change. The selected range is painted with the CSS Custom Highlight
 * API instead (no change to the document, no DOM touched) until the editor has focus again.
 */
export function useSelectionHighlight(surface: () => HTMLElement | null, mounted: boolean): void {
  useEffect(() => {
    const element = surface();
    const highlights = (globalThis.CSS as unknown as { highlights?: Map<string, unknown> } | undefined)?.highlights;
    const Highlight = (globalThis as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
    if (!element || !highlights || !Highlight) return;
    const onBlur = () => {
      const selection = window.getSelection();
      if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return;
      const range = selection.getRangeAt(0);
      if (element.contains(range.commonAncestorContainer)) highlights.set(HIGHLIGHT, new Highlight(range.cloneRange()));
    };
    const onFocus = () => highlights.delete(HIGHLIGHT);
    element.addEventListener('blur', onBlur);
    element.addEventListener('focus', onFocus);
    return () => {
      element.removeEventListener('blur', onBlur);
      element.removeEventListener('focus', onFocus);
      highlights.delete(HIGHLIGHT);
    };
    // Subscribes again only when Draft's surface is mounted anew (after the HTML switch).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `surface` is a new function on every render; `mounted` says when its element changes
  }, [mounted]);
}
