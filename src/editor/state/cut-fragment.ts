import { ContentBlock, EditorState, Modifier, type ContentState } from 'draft-js';
import { OrderedMap } from 'immutable';
import { selectedBlocks } from './selection.js';

type BlockMap = ReturnType<ContentState['getBlockMap']>;

/** The selected part of the document as Draft's own fragment (what its internal clipboard holds). */
export function selectedFragment(state: EditorState): BlockMap {
  const selection = state.getSelection();
  const startKey = selection.getStartKey();
  const endKey = selection.getEndKey();
  let blocks = OrderedMap<string, ContentBlock>();
  for (const block of selectedBlocks(state)) {
    const start = block.getKey() === startKey ? selection.getStartOffset() : 0;
    const end = block.getKey() === endKey ? selection.getEndOffset() : block.getLength();
    const part = block.merge({
      text: block.getText().slice(start, end),
      characterList: block.getCharacterList().slice(start, end).toList(),
    }) as ContentBlock;
    blocks = blocks.set(block.getKey(), part);
  }
  return blocks;
}

export function removeSelection(state: EditorState): EditorState {
  const content = Modifier.removeRange(state.getCurrentContent(), state.getSelection(), 'forward');
  return EditorState.push(state, content, 'remove-range');
}
