import type { ContentState } from 'draft-js';
import type { ImagePlace } from '../state/image-place.js';

interface Point {
  x: number;
  y: number;
}

/** Draft's block elements, each with its block key at the head of data-offset-key ("key-0-0"). */
function blockElements(surface: HTMLElement): { key: string; element: HTMLElement }[] {
  return [...surface.querySelectorAll<HTMLElement>('[data-block="true"]')].flatMap((element) => {
    const key = element.dataset.offsetKey?.split('-')[0];
    return key ? [{ key, element }] : [];
  });
}

/** Whether the point is in the first half of the block's text (reading order), or of its box when it has no text there. */
function inFirstHalf(element: HTMLElement, point: Point): boolean {
  const caret = document.caretRangeFromPoint?.(point.x, point.y);
  const length = element.textContent?.length ?? 0;
  if (caret && length > 0 && element.contains(caret.startContainer)) {
    const before = document.createRange();
    before.selectNodeContents(element);
    before.setEnd(caret.startContainer, caret.startOffset);
    return before.toString().length * 2 < length;
  }
  const box = element.getBoundingClientRect();
  return point.y < box.top + box.height / 2;
}

/**
 * Where an image dropped at the point goes: always between two blocks, as block editors place it,
 * never inside a paragraph (a drop on "Texto" once gave "T" | image | "exto"). Over a block, the
 * nearer of its two edges; between blocks, the gap; above or below the text (the toolbar, the frame,
 * the empty space under the last line), the start or the end of the content.
 */
export function dropPlace(surface: HTMLElement, content: ContentState, point: Point): ImagePlace {
  const after = (key: string): ImagePlace => ({ blockKey: key, offset: content.getBlockForKey(key)?.getLength() ?? 0 });
  const before = (key: string): ImagePlace => ({ blockKey: key, offset: 0 });
  const blocks = blockElements(surface).filter(({ key }) => content.getBlockForKey(key));
  if (blocks.length === 0) return after(content.getLastBlock().getKey());
  for (const { key, element } of blocks) {
    const box = element.getBoundingClientRect();
    if (point.y < box.top) return before(key);
    if (point.y <= box.bottom) return inFirstHalf(element, point) ? before(key) : after(key);
  }
  return after(blocks.at(-1)!.key);
}
