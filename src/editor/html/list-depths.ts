import { readStyle, lengthInPx } from './style-attribute.js';

/**
 * Some producers (Google Docs, older web editors) write every item of a nested list in one flat
 * list and show the nesting with aria-level or a growing margin-left. The level they mean is written
 * as data-depth on each item, which the paste import reads instead of the structure.
 */
export function markListDepths(body: HTMLElement): void {
  for (const list of Array.from(body.querySelectorAll('ul, ol'))) {
    if (list.parentElement?.closest('ul, ol')) continue;
    const items = Array.from(list.querySelectorAll('li'));
    if (items.some((item) => item.hasAttribute('aria-level'))) {
      // A selection that starts inside a nested item writes that item's level (2, 3…): the first item is the
      // paste's first level, and no item goes more than one level below the one before it (no empty bullets).
      let first: number | null = null;
      let previous = -1;
      for (const item of items) {
        const level = Number(item.getAttribute('aria-level'));
        if (!Number.isInteger(level) || level < 1) continue;
        first ??= level;
        previous = Math.max(0, Math.min(level - first, previous + 1));
        item.setAttribute('data-depth', String(previous));
      }
      continue;
    }
    if (items.some((item) => item.querySelector('ul, ol'))) continue;
    const margins = items.map((item) => lengthInPx(readStyle(item).get('margin-left')) ?? 0);
    const distinct = [...new Set(margins)].sort((a, b) => a - b);
    if (distinct.length < 2) continue;
    const step = Math.min(...distinct.slice(1).map((margin, index) => margin - distinct[index]!));
    items.forEach((item, index) => item.setAttribute('data-depth', String(Math.round((margins[index]! - distinct[0]!) / step))));
  }
}
