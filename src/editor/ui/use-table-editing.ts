import { useMemo, useState, type MutableRefObject } from 'react';
import type { EditorState } from 'draft-js';
import { removeTable, replaceTable } from '../state/table-commands.js';
import type { TableEditing } from './table-block.js';

/** The editor's side of its table blocks: their changes as editor states, and read-only while one has focus. */
export function useTableEditing(latest: MutableRefObject<EditorState>, update: (next: EditorState) => void, focusEditor: () => void) {
  const [readOnly, setReadOnly] = useState(false);
  const context = useMemo<TableEditing>(
    () => ({
      change: (blockKey, data, typing) => update(replaceTable(latest.current, blockKey, data, typing)),
      remove: (blockKey) => {
        setReadOnly(false);
        update(removeTable(latest.current, blockKey));
        focusEditor();
      },
      editing: setReadOnly,
    }),
    [latest, update, focusEditor],
  );
  return { readOnly, context };
}
