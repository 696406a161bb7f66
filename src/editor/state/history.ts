import { EditorState } from 'draft-js';
import { Stack } from 'immutable';
import { TYPING_GROUP_MS, UNDO_DEPTH } from '../schema.js';

const GROUPED_CHANGES = new Set(['insert-characters', 'backspace-character', 'delete-character']);

/**
 * Draft groups every run of typing into one undo step, however long. Start a new step after a pause
 * longer than TYPING_GROUP_MS, and keep at most UNDO_DEPTH steps.
 */
export function applyHistoryPolicy(
  previous: EditorState,
  next: EditorState,
  pauseMs: number,
): EditorState {
  let state = next;
  const contentChanged = previous.getCurrentContent() !== next.getCurrentContent();
  const merged = next.getUndoStack() === previous.getUndoStack();
  if (
    contentChanged &&
    merged &&
    pauseMs > TYPING_GROUP_MS &&
    GROUPED_CHANGES.has(next.getLastChangeType() ?? '')
  ) {
    state = EditorState.set(state, {
      undoStack: previous.getUndoStack().push(previous.getCurrentContent()),
      redoStack: Stack(),
    });
  }
  const undoStack = state.getUndoStack();
  if (undoStack.size > UNDO_DEPTH) {
    state = EditorState.set(state, { undoStack: undoStack.take(UNDO_DEPTH).toStack() });
  }
  return state;
}
