import { EditorState } from 'draft-js';
import type { ToolbarAction } from '../ui/toolbar.js';
import { changeIndent, setAlignment, toggleBlockType } from './block-commands.js';
import { clearFormatting, insertRule, setColor, toggleMark } from './inline-commands.js';
import { insertTable } from './table-commands.js';

/** The document change behind each toolbar button; dialogs (link, image) are handled by the editor. */
export function applyToolbarAction(state: EditorState, action: ToolbarAction): EditorState {
  switch (action.kind) {
    case 'mark':
      return toggleMark(state, action.style);
    case 'block':
      return toggleBlockType(state, action.type);
    case 'align':
      return setAlignment(state, action.align);
    case 'color':
      return setColor(state, action.prefix, action.color);
    case 'rule':
      return insertRule(state);
    case 'table':
      return insertTable(state);
    case 'clear':
      return clearFormatting(state);
    case 'indent':
      return changeIndent(state, 1);
    case 'outdent':
      return changeIndent(state, -1);
    case 'undo':
      return EditorState.undo(state);
    case 'redo':
      return EditorState.redo(state);
    default:
      return state;
  }
}
