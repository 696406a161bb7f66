import { ContentBlock, EditorState, genKey, Modifier, type ContentState } from 'draft-js';
import { BLOCK } from '../schema.js';
import { collapsedAt, currentBlock } from './selection.js';

/**
 * An image (or rule) is an atomic block with no place for a caret after it: a text ending with one
 * left nowhere to type (each key threw "Got unexpected null or undefined"). The content always ends
 * with a paragraph after it; the export drops that blank paragraph, so the article is unchanged.
 */
export function withParagraphAfterLastAtomic(state: EditorState): EditorState {
  const content = state.getCurrentContent();
  if (content.getLastBlock().getType() !== BLOCK.atomic) return state;
  const paragraph = new ContentBlock({ key: genKey(), type: BLOCK.paragraph, text: '' });
  const blockMap = content.getBlockMap().set(paragraph.getKey(), paragraph);
  return EditorState.set(state, { currentContent: content.merge({ blockMap }) as ContentState });
}

/** A new empty paragraph right after the block, the caret in it. */
function openParagraphAfter(state: EditorState, block: ContentBlock): EditorState {
  const content = state.getCurrentContent();
  const paragraph = new ContentBlock({ key: genKey(), type: BLOCK.paragraph, text: '' });
  const blocks = content.getBlockMap().toSeq();
  const blockMap = blocks
    .takeUntil((candidate) => candidate === block)
    .concat([[block.getKey(), block], [paragraph.getKey(), paragraph]], blocks.skipUntil((candidate) => candidate === block).skip(1))
    .toOrderedMap();
  return EditorState.forceSelection(EditorState.push(state, content.merge({ blockMap }) as ContentState, 'split-block'), collapsedAt(paragraph.getKey(), 0));
}

const onAtomic = (state: EditorState) => state.getSelection().isCollapsed() && currentBlock(state).getType() === BLOCK.atomic;

/** Typed on a selected image: the text goes at the start of the paragraph after it, the image stays. */
export function typeAfterImage(state: EditorState, chars: string): EditorState | null {
  if (!onAtomic(state)) return null;
  const block = currentBlock(state);
  const after = state.getCurrentContent().getBlockAfter(block.getKey());
  const inText = after && after.getType() !== BLOCK.atomic ? EditorState.forceSelection(state, collapsedAt(after.getKey(), 0)) : openParagraphAfter(state, block);
  const typed = Modifier.insertText(inText.getCurrentContent(), inText.getSelection(), chars);
  return EditorState.forceSelection(EditorState.push(inText, typed, 'insert-characters'), typed.getSelectionAfter());
}

/** Enter on a selected image opens a paragraph after it. */
export function returnAfterImage(state: EditorState): EditorState | null {
  return onAtomic(state) ? openParagraphAfter(state, currentBlock(state)) : null;
}

/**
 * Arrow keys on a selected image: the caret leaves it for the text before (up, left: at its end) or
 * after it (down, right: at its start); another image on the way is selected in turn.
 */
export function leaveImage(state: EditorState, direction: 'before' | 'after'): EditorState | null {
  if (!onAtomic(state)) return null;
  const content = state.getCurrentContent();
  const key = currentBlock(state).getKey();
  const target = direction === 'before' ? content.getBlockBefore(key) : content.getBlockAfter(key);
  if (!target) return direction === 'after' ? openParagraphAfter(state, currentBlock(state)) : state;
  const offset = direction === 'before' && target.getType() !== BLOCK.atomic ? target.getLength() : 0;
  return EditorState.forceSelection(state, collapsedAt(target.getKey(), offset));
}

/** The caret at the end of the last block (a click on the empty space below the text). */
export function caretAtEnd(state: EditorState): EditorState {
  const ended = withParagraphAfterLastAtomic(state);
  const last = ended.getCurrentContent().getLastBlock();
  return EditorState.forceSelection(ended, collapsedAt(last.getKey(), last.getLength()));
}
