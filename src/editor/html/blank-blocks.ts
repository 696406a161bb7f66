import type { ContentBlock } from 'draft-js';
import { BLOCK, isListType } from '../schema.js';

/** A block a reader would see as nothing but a gap: no printable text, and not an image or rule. */
function isBlank(block: ContentBlock): boolean {
  return block.getType() !== BLOCK.atomic && block.getText().trim() === '';
}

/** `blocks` without blank ones at both ends. */
function trimmed(blocks: ContentBlock[]): ContentBlock[] {
  let start = 0;
  let end = blocks.length;
  while (start < end && isBlank(blocks[start]!)) start++;
  while (end > start && isBlank(blocks[end - 1]!)) end--;
  return blocks.slice(start, end);
}

/**
 * The blocks as they should be published: Enter pressed once too often leaves empty paragraphs and
 * empty bullets that show as gaps on the page. Blank blocks at the start and end of the article and of
 * each list are dropped, and a run of blank paragraphs keeps one (an editor's deliberate pause).
 */
export function withoutBlankGaps(blocks: ContentBlock[]): ContentBlock[] {
  const kept: ContentBlock[] = [];
  let index = 0;
  while (index < blocks.length) {
    const block = blocks[index]!;
    if (isListType(block.getType())) {
      let end = index;
      while (end < blocks.length && isListType(blocks[end]!.getType())) end++;
      kept.push(...trimmed(blocks.slice(index, end)));
      index = end;
      continue;
    }
    const previous = kept.at(-1);
    const repeatedGap = isBlank(block) && block.getType() === BLOCK.paragraph && previous && isBlank(previous) && previous.getType() === BLOCK.paragraph;
    if (!repeatedGap) kept.push(block);
    index++;
  }
  return trimmed(kept);
}
