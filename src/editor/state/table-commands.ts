import { AtomicBlockUtils, ContentBlock, EditorState, Modifier, SelectionState } from 'draft-js';
import { List, Map as ImmutableMap } from 'immutable';
import { BLOCK, ENTITY } from '../schema.js';
import { emptyTable, toTableData, type TableData } from '../table-data.js';

/** A new table (three rows, three columns, the first row a header) after the caret's block. */
export function insertTable(state: EditorState): EditorState {
  const content = state.getCurrentContent().createEntity(ENTITY.table, 'IMMUTABLE', emptyTable());
  const withEntity = EditorState.set(state, { currentContent: content });
  return AtomicBlockUtils.insertAtomicBlock(withEntity, content.getLastCreatedEntityKey(), ' ');
}

export function tableOf(state: EditorState, blockKey: string): TableData | null {
  const content = state.getCurrentContent();
  const key = content.getBlockForKey(blockKey)?.getEntityAt(0);
  if (!key || content.getEntity(key).getType() !== ENTITY.table) return null;
  return toTableData(content.getEntity(key).getData() as Record<string, unknown>);
}

/**
 * The table block with new data, as a new entity on the block's one character (entities are shared and
 * would change every copy and undo step in place). Typing in a cell is a typing change, so Draft and the
 * history policy group a run of it into one undo step, as for text; a change of rows or columns is a step of its own.
 */
export function replaceTable(state: EditorState, blockKey: string, data: TableData, typing: boolean): EditorState {
  const withEntity = state.getCurrentContent().createEntity(ENTITY.table, 'IMMUTABLE', data);
  const range = SelectionState.createEmpty(blockKey).merge({ focusOffset: 1 });
  const content = Modifier.applyEntity(withEntity, range, withEntity.getLastCreatedEntityKey());
  return EditorState.push(state, content, typing ? 'insert-characters' : 'apply-entity');
}

/**
 * The table's block goes, and the caret goes on writing at the end of the block before it (or the start
 * of the one after); a table alone in the document leaves an empty paragraph.
 */
export function removeTable(state: EditorState, blockKey: string): EditorState {
  const content = state.getCurrentContent();
  if (!content.getBlockForKey(blockKey)) return state;
  const before = content.getBlockBefore(blockKey);
  const after = content.getBlockAfter(blockKey);
  let blockMap = content.getBlockMap();
  let caret: SelectionState;
  if (before && before.getType() !== BLOCK.atomic) {
    blockMap = blockMap.delete(blockKey);
    caret = SelectionState.createEmpty(before.getKey()).merge({ anchorOffset: before.getLength(), focusOffset: before.getLength() });
  } else if (after && after.getType() !== BLOCK.atomic) {
    blockMap = blockMap.delete(blockKey);
    caret = SelectionState.createEmpty(after.getKey());
  } else {
    blockMap = blockMap.set(blockKey, new ContentBlock({ key: blockKey, type: BLOCK.paragraph, text: '', characterList: List(), data: ImmutableMap() }));
    caret = SelectionState.createEmpty(blockKey);
  }
  const next = content.merge({ blockMap, selectionBefore: state.getSelection(), selectionAfter: caret }) as typeof content;
  return EditorState.forceSelection(EditorState.push(state, next, 'remove-range'), caret);
}
