import { EditorState, SelectionState, type ContentBlock } from 'draft-js';
import { BLOCK, ENTITY } from '../schema.js';

/** The blocks touched by the selection, in document order. */
export function selectedBlocks(state: EditorState): ContentBlock[] {
  const selection = state.getSelection();
  const content = state.getCurrentContent();
  const startKey = selection.getStartKey();
  const endKey = selection.getEndKey();
  const blocks: ContentBlock[] = [];
  let inside = false;
  for (const block of content.getBlocksAsArray()) {
    if (block.getKey() === startKey) inside = true;
    if (inside) blocks.push(block);
    if (block.getKey() === endKey) break;
  }
  return blocks;
}

export function currentBlock(state: EditorState): ContentBlock {
  return state.getCurrentContent().getBlockForKey(state.getSelection().getStartKey());
}

/** A selection spanning the whole of the given blocks. */
export function spanBlocks(first: ContentBlock, last: ContentBlock): SelectionState {
  return SelectionState.createEmpty(first.getKey()).merge({
    anchorKey: first.getKey(),
    anchorOffset: 0,
    focusKey: last.getKey(),
    focusOffset: last.getLength(),
    isBackward: false,
  });
}

/** A caret in the given block; focused, or Draft would not move the browser's caret there. */
export function collapsedAt(blockKey: string, offset: number): SelectionState {
  return SelectionState.createEmpty(blockKey).merge({ anchorOffset: offset, focusOffset: offset, hasFocus: true });
}

/** The link entity under the cursor or at the start of the selection, if any. */
export function linkEntityAtSelection(state: EditorState): string | null {
  const selection = state.getSelection();
  const block = currentBlock(state);
  const offset = selection.getStartOffset();
  const content = state.getCurrentContent();
  for (const index of [offset, offset - 1]) {
    if (index < 0 || index >= block.getLength()) continue;
    const key = block.getEntityAt(index);
    if (key && content.getEntity(key).getType() === 'LINK') return key;
  }
  return null;
}

/** The whole text of the link `key` around the caret, as a selection (to edit or remove the link). */
export function linkRangeAtCaret(state: EditorState, key: string): SelectionState {
  const selection = state.getSelection();
  const block = currentBlock(state);
  let range = selection;
  block.findEntityRanges(
    (character) => character.getEntity() === key,
    (start, end) => {
      if (start <= selection.getStartOffset() && selection.getStartOffset() <= end) {
        range = selection.merge({
          anchorKey: block.getKey(),
          focusKey: block.getKey(),
          anchorOffset: start,
          focusOffset: end,
          isBackward: false,
        });
      }
    },
  );
  return range;
}

/** The caret on an atomic block (an image clicked in the editor): block commands such as alignment then act on it. */
export function selectBlock(state: EditorState, blockKey: string): EditorState {
  return EditorState.forceSelection(state, collapsedAt(blockKey, 0));
}

/** The key of the image block holding the caret, if the editor has focus there. */
export function selectedImageBlock(state: EditorState): string | null {
  const selection = state.getSelection();
  if (!selection.getHasFocus() || selection.getStartKey() !== selection.getEndKey()) return null;
  const block = currentBlock(state);
  if (block.getType() !== BLOCK.atomic) return null;
  const entity = block.getEntityAt(0);
  return entity && state.getCurrentContent().getEntity(entity).getType() === ENTITY.image ? block.getKey() : null;
}
