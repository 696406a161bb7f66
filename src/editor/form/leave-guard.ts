import { useEffect, useRef } from 'react';

/**
 * Asks before the page is left (closed, reloaded, navigated away) while `unsent()` says something typed
 * or chosen is only in this tab: the browser's copy keeps the text, but chosen files would be lost and
 * the server's copy would lag. Browsers show their own wording; the page only asks for the question.
 */
export function useLeaveGuard(unsent: () => boolean): void {
  const latest = useRef(unsent);
  latest.current = unsent;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
