import { ContentBlock, ContentState, EditorState, genKey, Modifier } from 'draft-js';
import { List } from 'immutable';
import { BLOCK, MAX_LIST_DEPTH } from '../schema.js';

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
  const target = content.getBlockForKey(selection.getStartKey());
  let blocks = nestedUnder(target, fragment.toList());
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

const isListItem = (block: ContentBlock) => block.getType() === BLOCK.bullet || block.getType() === BLOCK.ordered;

/**
 * A list pasted into a list item goes on at that item's depth, each pasted item kept at its depth
 * relative to the first: Draft keeps the caret's item's depth for the first pasted item only, so in a
 * nested item the first item's children came out as its siblings and its siblings a level shallower.
 */
function nestedUnder(target: ContentBlock, blocks: List<ContentBlock>): List<ContentBlock> {
  const first = blocks.first() as ContentBlock | undefined;
  if (!first || !isListItem(target) || !isListItem(first)) return blocks;
  const shift = target.getDepth() - first.getDepth();
  if (shift === 0) return blocks;
  // Only the list the paste opens with: a list after a paragraph of the paste starts anew.
  const end = blocks.findIndex((block) => !isListItem(block!));
  return blocks.map((block, index) =>
    end >= 0 && index! >= end ? block! : (block!.set('depth', Math.max(0, Math.min(MAX_LIST_DEPTH, block!.getDepth() + shift))) as ContentBlock),
  ) as List<ContentBlock>;
}

/** Plain text into a code block: it stays one block, its lines kept. */
export function insertPlainText(state: EditorState, text: string): EditorState {
  const content = Modifier.replaceText(state.getCurrentContent(), state.getSelection(), text.replace(/\r\n?/g, '\n'));
  return EditorState.push(state, content, 'insert-characters');
}
