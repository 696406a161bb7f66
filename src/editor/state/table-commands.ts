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

/** The table's block becomes an empty paragraph, where the caret can go on writing. */
export function removeTable(state: EditorState, blockKey: string): EditorState {
  const content = state.getCurrentContent();
  const block = content.getBlockForKey(blockKey);
  if (!block) return state;
  const paragraph = new ContentBlock({ key: blockKey, type: BLOCK.paragraph, text: '', characterList: List(), data: ImmutableMap() });
  const caret = SelectionState.createEmpty(blockKey);
  const next = content.merge({
    blockMap: content.getBlockMap().set(blockKey, paragraph),
    selectionBefore: state.getSelection(),
    selectionAfter: caret,
  }) as typeof content;
  return EditorState.forceSelection(EditorState.push(state, next, 'remove-range'), caret);
}
