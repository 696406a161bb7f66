import { AtomicBlockUtils, EditorState, Modifier, RichUtils } from 'draft-js';
import type { ImageData, LinkData } from '../entities.js';
import { BLOCK, ENTITY, INLINE, type InlineStyleName } from '../schema.js';
import { currentBlock, linkEntityAtSelection, linkRangeAtCaret, selectedBlocks } from './selection.js';

const EXCLUSIVE: Partial<Record<string, string>> = { [INLINE.sup]: INLINE.sub, [INLINE.sub]: INLINE.sup };

function inCodeBlock(state: EditorState): boolean {
  return currentBlock(state).getType() === BLOCK.code;
}

/** Marks never go into code blocks (spec section 3: plain text only). */
export function toggleMark(state: EditorState, style: InlineStyleName): EditorState {
  if (inCodeBlock(state)) return state;
  let next = state;
  const opposite = EXCLUSIVE[style];
  if (opposite && state.getCurrentInlineStyle().has(opposite)) next = RichUtils.toggleInlineStyle(next, opposite);
  return RichUtils.toggleInlineStyle(next, style);
}

/** Sets (or with null removes) the text or background colour of the selection. */
export function setColor(state: EditorState, prefix: string, color: string | null): EditorState {
  if (inCodeBlock(state)) return state;
  const selection = state.getSelection();
  if (selection.isCollapsed()) {
    const styles = state
      .getCurrentInlineStyle()
      .filterNot((name) => Boolean(name?.startsWith(prefix)))
      .toOrderedSet();
    return EditorState.setInlineStyleOverride(state, color ? styles.add(`${prefix}${color}`) : styles);
  }
  let content = state.getCurrentContent();
  for (const name of stylesInSelection(state)) {
    if (name.startsWith(prefix)) content = Modifier.removeInlineStyle(content, selection, name);
  }
  if (color) content = Modifier.applyInlineStyle(content, selection, `${prefix}${color}`);
  return EditorState.push(state, content, 'change-inline-style');
}

function stylesInSelection(state: EditorState): Set<string> {
  const selection = state.getSelection();
  const blocks = selectedBlocks(state);
  const styles = new Set<string>();
  blocks.forEach((block, index) => {
    const start = index === 0 ? selection.getStartOffset() : 0;
    const end = index === blocks.length - 1 ? selection.getEndOffset() : block.getLength();
    block
      .getCharacterList()
      .slice(start, end)
      .forEach((character) => character?.getStyle().forEach((name) => styles.add(name!)));
  });
  return styles;
}

/** Removes every mark and link from the selection (the block keeps its type). */
export function clearFormatting(state: EditorState): EditorState {
  const selection = state.getSelection();
  if (selection.isCollapsed()) return EditorState.setInlineStyleOverride(state, state.getCurrentInlineStyle().clear());
  let content = state.getCurrentContent();
  for (const name of stylesInSelection(state)) content = Modifier.removeInlineStyle(content, selection, name);
  content = Modifier.applyEntity(content, selection, null);
  return EditorState.push(state, content, 'change-inline-style');
}

/** Replaces the selection with the link text carrying the link. */
export function applyLink(state: EditorState, link: LinkData, text: string): EditorState {
  const content = state.getCurrentContent().createEntity(ENTITY.link, 'MUTABLE', link);
  const entityKey = content.getLastCreatedEntityKey();
  const selection = state.getSelection();
  const styles = state.getCurrentInlineStyle();
  const replaced = Modifier.replaceText(content, selection, text, styles, entityKey);
  const next = EditorState.push(state, replaced, 'apply-entity');
  // Typing right after a link must not extend it (spec section 3).
  return EditorState.forceSelection(next, replaced.getSelectionAfter());
}

export function removeLink(state: EditorState): EditorState {
  const selection = state.getSelection();
  if (!selection.isCollapsed()) return RichUtils.toggleLink(state, selection, null);
  const key = linkEntityAtSelection(state);
  if (!key) return state;
  return EditorState.forceSelection(RichUtils.toggleLink(state, linkRangeAtCaret(state, key), null), selection);
}

export function insertImage(state: EditorState, image: ImageData): EditorState {
  const content = state.getCurrentContent().createEntity(ENTITY.image, 'IMMUTABLE', image);
  const withEntity = EditorState.set(state, { currentContent: content });
  return AtomicBlockUtils.insertAtomicBlock(withEntity, content.getLastCreatedEntityKey(), ' ');
}

export function insertRule(state: EditorState): EditorState {
  const content = state.getCurrentContent().createEntity(ENTITY.rule, 'IMMUTABLE', {});
  const withEntity = EditorState.set(state, { currentContent: content });
  return AtomicBlockUtils.insertAtomicBlock(withEntity, content.getLastCreatedEntityKey(), ' ');
}
