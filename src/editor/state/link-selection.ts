import { EditorState } from 'draft-js';
import { toLinkData } from '../entities.js';
import { currentBlock, linkEntityAtSelection, linkRangeAtCaret, selectedBlocks } from './selection.js';

export interface LinkDialogStart {
  state: EditorState;
  href: string;
  text: string;
  newTab: boolean;
  editing: boolean;
}

/**
 * What the link dialog starts with: on an existing link, its address and its whole text selected;
 * otherwise the selected text (within one block) and a new tab by default (spec section 9).
 */
export function startLinkDialog(state: EditorState): LinkDialogStart {
  const key = linkEntityAtSelection(state);
  const selection = state.getSelection();
  if (key) {
    const link = toLinkData(state.getCurrentContent().getEntity(key).getData() as Record<string, unknown>);
    const range = linkRangeAtCaret(state, key);
    return {
      state: EditorState.forceSelection(state, range),
      href: link.href,
      text: currentBlock(state).getText().slice(range.getStartOffset(), range.getEndOffset()),
      newTab: link.target === '_blank',
      editing: true,
    };
  }
  const blocks = selectedBlocks(state);
  const text =
    blocks.length === 1 ? blocks[0]!.getText().slice(selection.getStartOffset(), selection.getEndOffset()) : '';
  return { state, href: '', text, newTab: true, editing: false };
}
