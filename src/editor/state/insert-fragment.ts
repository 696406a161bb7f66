import { ContentBlock, ContentState, EditorState, genKey, Modifier } from 'draft-js';
import { List } from 'immutable';
import { BLOCK } from '../schema.js';

type BlockMap = ReturnType<ContentState['getBlockMap']>;

/**
 * Pastes blocks at the selection. Draft merges the first pasted block into the text before the caret
 * and the text after the caret into the last pasted block; an image or rule at either end would
 * swallow that text, so the caret's block is split first or an empty paragraph carries the tail.
 */
export function insertFragment(state: EditorState, fragment: BlockMap): EditorState {
  let content = state.getCurrentContent();
  let selection = state.getSelection();
  if (!selection.isCollapsed()) {
    content = Modifier.removeRange(content, selection, 'forward');
    selection = content.getSelectionAfter();
  }
  let blocks = fragment.toList();
  const target = content.getBlockForKey(selection.getStartKey());
  const offset = selection.getStartOffset();
  if ((blocks.first() as ContentBlock | undefined)?.getType() === BLOCK.atomic && offset > 0) {
    content = Modifier.splitBlock(content, selection);
    selection = content.getSelectionAfter();
  }
  if ((blocks.last() as ContentBlock | undefined)?.getType() === BLOCK.atomic && offset < target.getLength()) {
    blocks = blocks.push(new ContentBlock({ key: genKey(), type: BLOCK.paragraph, text: '', characterList: List() }));
  }
  const map = blocks.toOrderedMap().mapKeys((_index, block) => block!.getKey()).toOrderedMap();
  let next = Modifier.replaceWithFragment(content, selection, map);
  // Draft gives the caret's block the alignment and indent of the first pasted block even when the
  // paste only adds to its text; a block that keeps its own text keeps its own attributes.
  const head = content.getBlockForKey(selection.getStartKey());
  if (head.getLength() > 0 && next.getBlockForKey(head.getKey())) {
    next = next.setIn(['blockMap', head.getKey(), 'data'], head.getData()) as ContentState;
  }
  // Draft keeps an empty paragraph's type when one block is pasted into it (a pasted code block became
  // a paragraph with line breaks, a pasted table a paragraph of one space); pasted into nothing, the
  // block is what was pasted, as with several.
  const only = blocks.size === 1 ? (blocks.first()) : null;
  if (only && head.getLength() === 0 && head.getType() === BLOCK.paragraph && next.getBlockForKey(head.getKey())) {
    next = next.setIn(['blockMap', head.getKey(), 'type'], only.getType()).setIn(['blockMap', head.getKey(), 'depth'], only.getDepth()) as ContentState;
  }
  return EditorState.push(state, next, 'insert-fragment');
}

/** Plain text into a code block: it stays one block, its lines kept. */
export function insertPlainText(state: EditorState, text: string): EditorState {
  const content = Modifier.replaceText(state.getCurrentContent(), state.getSelection(), text.replace(/\r\n?/g, '\n'));
  return EditorState.push(state, content, 'insert-characters');
}
