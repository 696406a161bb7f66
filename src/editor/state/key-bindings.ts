import { EditorState, KeyBindingUtil, RichUtils, getDefaultKeyBinding, type DraftEditorCommand } from 'draft-js';
import { BLOCK, INLINE, isListType } from '../schema.js';
import { changeListLevel } from './block-commands.js';
import { leaveImage } from './image-caret.js';
import { toggleMark } from './inline-commands.js';
import { currentBlock } from './selection.js';

export type EditorCommand = DraftEditorCommand | 'code' | 'redo' | 'open-link' | 'list-deeper' | 'list-shallower' | 'leave-image-before' | 'leave-image-after';

/** Keyboard shortcuts of spec section 9, plus Mod-K for the link dialog. */
type KeyEvent = Parameters<typeof getDefaultKeyBinding>[0];

export function keyBinding(event: KeyEvent, state: EditorState): EditorCommand | null {
  const mod = KeyBindingUtil.hasCommandModifier(event);
  const key = event.key.toLowerCase();
  if (event.key === 'Tab' && !event.altKey && !mod && isListType(currentBlock(state).getType())) {
    return event.shiftKey ? 'list-shallower' : 'list-deeper';
  }
  if (mod && !event.altKey) {
    if (key === 'b') return 'bold';
    if (key === 'i') return 'italic';
    if (key === 'u') return 'underline';
    if (event.key === '`' || event.code === 'Backquote') return 'code';
    if (key === 'k') return 'open-link';
    if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !event.shiftKey) return 'redo';
    if (event.key === ']' || event.code === 'BracketRight') return 'list-deeper';
    if (event.key === '[' || event.code === 'BracketLeft') return 'list-shallower';
  }
  const plain = !mod && !event.altKey && !event.shiftKey;
  if (plain && currentBlock(state).getType() === BLOCK.atomic && state.getSelection().isCollapsed()) {
    if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') return 'leave-image-before';
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') return 'leave-image-after';
  }
  // Tab outside a list is left to the browser so keyboard users can leave the editor.
  if (event.key === 'Tab') return null;
  return getDefaultKeyBinding(event);
}

/** Commands that only change the document; 'open-link' is the component's business. */
export function runKeyCommand(command: string, state: EditorState): EditorState | null {
  switch (command) {
    case 'bold':
      return toggleMark(state, INLINE.bold);
    case 'italic':
      return toggleMark(state, INLINE.italic);
    case 'underline':
      return toggleMark(state, INLINE.underline);
    case 'code':
      return toggleMark(state, INLINE.code);
    case 'undo':
      return EditorState.undo(state);
    case 'redo':
      return EditorState.redo(state);
    case 'list-deeper':
      return changeListLevel(state, 1) ?? state;
    case 'list-shallower':
      return changeListLevel(state, -1) ?? state;
    case 'leave-image-before':
      return leaveImage(state, 'before');
    case 'leave-image-after':
      return leaveImage(state, 'after');
    default:
      return RichUtils.handleKeyCommand(state, command);
  }
}
