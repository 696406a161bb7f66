import { readStyle, lengthInPx } from './style-attribute.js';

/**
 * Some producers (Google Docs, older web editors) write every item of a nested list in one flat list,
 * or nest their lists oddly, and show the nesting with aria-level or a growing margin-left. The depth
 * each item has relative to the items around it is written as data-depth on it, which the paste import
 * reads instead of the structure.
 */
export function markListDepths(body: HTMLElement): void {
  for (const list of Array.from(body.querySelectorAll('ul, ol'))) {
    if (list.parentElement?.closest('ul, ol')) continue;
    const items = Array.from(list.querySelectorAll('li'));
    const levels = levelsOf(list, items);
    if (!levels) continue;
    relativeDepths(levels).forEach((depth, index) => {
      if (depth !== null) items[index]!.setAttribute('data-depth', String(depth));
    });
  }
}

/** Each item's level as the source wrote it, or null when the structure already says it all. */
function levelsOf(list: Element, items: Element[]): (number | null)[] | null {
  if (items.some((item) => item.hasAttribute('aria-level'))) {
    return items.map((item) => {
      const level = Number(item.getAttribute('aria-level'));
      return Number.isInteger(level) && level >= 1 ? level : null;
    });
  }
  if (!items.some((item) => item.querySelector('ul, ol'))) {
    const margins = items.map((item) => lengthInPx(readStyle(item).get('margin-left')) ?? 0);
    const distinct = [...new Set(margins)].sort((a, b) => a - b);
    if (distinct.length >= 2) {
      const step = Math.min(...distinct.slice(1).map((margin, index) => margin - distinct[index]!));
      return margins.map((margin) => Math.round((margin - distinct[0]!) / step));
    }
  }
  // Google Docs opens a selection that starts in a nested item with the nested list alone (<ul><ul><li>):
  // its items are one list deeper than the items after them, with no item above them.
  const opensNested = (element: Element) => element.firstElementChild !== null && /^(ul|ol)$/i.test(element.firstElementChild.nodeName);
  if (!opensNested(list) && !Array.from(list.querySelectorAll('ul, ol')).some(opensNested)) return null;
  return items.map((item) => nesting(item, list));
}

function nesting(item: Element, list: Element): number {
  let level = 0;
  for (let node = item.parentElement; node && node !== list.parentElement; node = node.parentElement) {
    if (/^(ul|ol)$/i.test(node.nodeName)) level++;
  }
  return level;
}

/**
 * Depths that keep each item where it stood among its neighbours. A selection that starts inside a
 * nested item (level 2, 3…) makes that item the paste's first level; an item shallower than everything
 * before it becomes that level, and the items after it are measured from it again (a level-2 item after
 * a level-1 one is its child). No item goes more than one level below the one before it (no empty bullets).
 */
function relativeDepths(levels: (number | null)[]): (number | null)[] {
  let floor = Infinity;
  let previous = -1;
  return levels.map((level) => {
    if (level === null) return null;
    floor = Math.min(floor, level);
    previous = Math.max(0, Math.min(level - floor, previous + 1));
    return previous;
  });
}
