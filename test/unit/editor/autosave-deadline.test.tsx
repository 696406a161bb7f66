// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_DELAY_MS, useAutosave } from '../../../src/editor/form/use-autosave.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Mounts the hook and hands back its `changed`, as the article form uses it. */
function mountAutosave(saveServer: () => void): { changed: () => void; unmount: () => void } {
  let changed: () => void = () => undefined;
  function Probe() {
    changed = useAutosave({ saveLocal: () => undefined, saveServer }, true).changed;
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Probe />));
  return { changed: () => changed(), unmount: () => act(() => root.unmount()) };
}

describe('the server copy while an editor types', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is written at least every 20 s even when typing never pauses for 3 s', () => {
    const saves: number[] = [];
    const started = Date.now();
    const { changed, unmount } = mountAutosave(() => saves.push(Date.now() - started));
    // A keystroke every 200 ms for 65 s: never the 3 s pause the ordinary save waits for.
    for (let elapsed = 0; elapsed < 65_000; elapsed += 200) {
      changed();
      vi.advanceTimersByTime(200);
    }
    expect(saves.length).toBeGreaterThanOrEqual(3);
    const gaps = saves.map((at, index) => at - (saves[index - 1] ?? 0));
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(20_000);
    unmount();
  });

  it('still waits for a pause when typing stops sooner, and saves once', () => {
    const saves: number[] = [];
    const { changed, unmount } = mountAutosave(() => saves.push(Date.now()));
    for (let count = 0; count < 10; count += 1) {
      changed();
      vi.advanceTimersByTime(300);
    }
    expect(saves).toEqual([]);
    vi.advanceTimersByTime(SERVER_DELAY_MS + 2_000);
    expect(saves).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(saves).toHaveLength(1);
    unmount();
  });
});
