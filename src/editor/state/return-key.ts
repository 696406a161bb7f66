import { EditorState, Modifier, RichUtils } from 'draft-js';
import { Map as ImmutableMap } from 'immutable';
import { BLOCK, headingLevel, isListType } from '../schema.js';
import { changeIndent, toggleBlockType } from './block-commands.js';
import { currentBlock } from './selection.js';

/**
 * Enter inside a code block adds a line to the same block (its text stays one <pre>); Enter on a
 * blank last line leaves it. Enter at the end of a heading starts a paragraph; Enter in an empty list
 * item or quote lifts it out, as word processors do.
 */
export function handleReturn(state: EditorState, shift: boolean): EditorState | null {
  const selection = state.getSelection();
  const block = currentBlock(state);
  const type = block.getType();
  if (type === BLOCK.code) {
    const text = block.getText();
    const atEnd = selection.isCollapsed() && selection.getStartOffset() === text.length;
    if (atEnd && text.endsWith('\n')) {
      const withoutLine = Modifier.removeRange(
        state.getCurrentContent(),
        selection.merge({ anchorOffset: text.length - 1, focusOffset: text.length }),
        'backward',
      );
      const split = Modifier.splitBlock(withoutLine, withoutLine.getSelectionAfter());
      const paragraph = Modifier.setBlockType(split, split.getSelectionAfter(), BLOCK.paragraph);
      return EditorState.push(state, paragraph, 'split-block');
    }
    return RichUtils.insertSoftNewline(state);
  }
  if (shift) return RichUtils.insertSoftNewline(state);
  const atEnd = selection.isCollapsed() && selection.getStartOffset() === block.getLength();
  if (atEnd && (headingLevel(type) > 0 || (type === BLOCK.blockquote && block.getLength() > 0))) {
    // Draft keeps the type when splitting; after a heading one writes a paragraph, as everywhere else.
    const split = Modifier.splitBlock(state.getCurrentContent(), selection);
    if (type === BLOCK.blockquote) return EditorState.push(state, split, 'split-block');
    const paragraph = Modifier.setBlockType(split, split.getSelectionAfter(), BLOCK.paragraph);
    const cleared = Modifier.setBlockData(paragraph, paragraph.getSelectionAfter(), ImmutableMap());
    return EditorState.push(state, cleared, 'split-block');
  }
  if (type === BLOCK.blockquote && block.getLength() === 0) return toggleBlockType(state, type);
  if (isListType(type) && block.getLength() === 0) {
    return block.getDepth() > 0 ? changeIndent(state, -1) : toggleBlockType(state, type);
  }
  return null;
}
