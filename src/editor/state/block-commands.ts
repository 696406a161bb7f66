import { EditorState, Modifier, RichUtils } from 'draft-js';
import {
  acceptsAlignment,
  acceptsIndent,
  BLOCK,
  isListType,
  MAX_INDENT,
  MAX_LIST_DEPTH,
  type Alignment,
} from '../schema.js';
import { selectedBlocks, spanBlocks } from './selection.js';

/** Paragraph <-> the given type; alignment and indent survive only where the new type keeps them. */
export function toggleBlockType(state: EditorState, type: string): EditorState {
  let next = RichUtils.toggleBlockType(state, type);
  const blocks = selectedBlocks(next);
  if (blocks.length === 0) return next;
  const newType = blocks[0]!.getType();
  if (newType === BLOCK.code) next = stripInlineStyles(next);
  let content = next.getCurrentContent();
  for (const block of blocks) {
    const data = block.getData();
    const cleaned = data
      .filter((_value, key) => (key === 'align' ? acceptsAlignment(newType) : key === 'indent' ? acceptsIndent(newType) : false))
      .toMap();
    if (!cleaned.equals(data)) {
      content = Modifier.setBlockData(content, spanBlocks(block, block), cleaned);
    }
    if (!isListType(newType) && block.getDepth() > 0) {
      content = content.setIn(['blockMap', block.getKey(), 'depth'], 0) as typeof content;
    }
  }
  if (content === next.getCurrentContent()) return next;
  return EditorState.forceSelection(
    EditorState.push(next, content, 'change-block-data'),
    state.getSelection(),
  );
}

function stripInlineStyles(state: EditorState): EditorState {
  const blocks = selectedBlocks(state);
  let content = state.getCurrentContent();
  const range = spanBlocks(blocks[0]!, blocks[blocks.length - 1]!);
  const styles = new Set<string>();
  for (const block of blocks) {
    block.getCharacterList().forEach((character) => character?.getStyle().forEach((style) => styles.add(style!)));
  }
  for (const style of styles) content = Modifier.removeInlineStyle(content, range, style);
  content = Modifier.applyEntity(content, range, null);
  return EditorState.forceSelection(EditorState.push(state, content, 'change-inline-style'), state.getSelection());
}

export function setAlignment(state: EditorState, align: Alignment): EditorState {
  let content = state.getCurrentContent();
  for (const block of selectedBlocks(state)) {
    if (!acceptsAlignment(block.getType())) continue;
    const data = align === 'left' ? block.getData().delete('align') : block.getData().set('align', align);
    content = Modifier.setBlockData(content, spanBlocks(block, block), data);
  }
  return pushData(state, content);
}

/**
 * Indent or outdent: list items change level (their depth), paragraphs, headings and quotes
 * change their left margin.
 */
export function changeIndent(state: EditorState, delta: 1 | -1): EditorState {
  let content = state.getCurrentContent();
  for (const block of selectedBlocks(state)) {
    const type = block.getType();
    if (isListType(type)) {
      const depth = Math.max(0, Math.min(MAX_LIST_DEPTH, block.getDepth() + delta));
      content = content.setIn(['blockMap', block.getKey(), 'depth'], depth) as typeof content;
    } else if (acceptsIndent(type)) {
      const current = Number(block.getData().get('indent') ?? 0);
      const indent = Math.max(0, Math.min(MAX_INDENT, current + delta));
      const data = indent === 0 ? block.getData().delete('indent') : block.getData().set('indent', indent);
      content = Modifier.setBlockData(content, spanBlocks(block, block), data);
    }
  }
  return pushData(state, content, 'adjust-depth');
}

/** List level only, for Tab, Mod-] and Mod-[; null when the cursor is not in a list. */
export function changeListLevel(state: EditorState, delta: 1 | -1): EditorState | null {
  const blocks = selectedBlocks(state);
  if (!blocks.every((block) => isListType(block.getType()))) return null;
  return changeIndent(state, delta);
}

function pushData(
  state: EditorState,
  content: ReturnType<EditorState['getCurrentContent']>,
  change: 'change-block-data' | 'adjust-depth' = 'change-block-data',
): EditorState {
  if (content === state.getCurrentContent()) return state;
  return EditorState.forceSelection(EditorState.push(state, content, change), state.getSelection());
}
