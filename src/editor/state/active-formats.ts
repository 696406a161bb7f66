import type { EditorState } from 'draft-js';
import {
  BACKGROUND_COLOR_PREFIX,
  BLOCK,
  INLINE,
  TEXT_COLOR_PREFIX,
  type Alignment,
  type InlineStyleName,
} from '../schema.js';
import { currentBlock, linkEntityAtSelection } from './selection.js';

/** What the toolbar shows as pressed for the current selection. */
export interface ActiveFormats {
  marks: Set<InlineStyleName>;
  blockType: string;
  align: Alignment;
  link: boolean;
  textColor: string | null;
  backgroundColor: string | null;
  canUndo: boolean;
  canRedo: boolean;
  inCode: boolean;
}

export function activeFormats(state: EditorState): ActiveFormats {
  const styles = state.getCurrentInlineStyle();
  const block = currentBlock(state);
  const marks = new Set<InlineStyleName>();
  for (const mark of Object.values(INLINE)) if (styles.has(mark)) marks.add(mark);
  const colorOf = (prefix: string) => {
    const name = styles.find((style) => Boolean(style?.startsWith(prefix)));
    return name ? name.slice(prefix.length) : null;
  };
  return {
    marks,
    blockType: block.getType(),
    align: (block.getData().get('align') as Alignment | undefined) ?? 'left',
    link: linkEntityAtSelection(state) !== null,
    textColor: colorOf(TEXT_COLOR_PREFIX),
    backgroundColor: colorOf(BACKGROUND_COLOR_PREFIX),
    canUndo: state.getUndoStack().size > 0,
    canRedo: state.getRedoStack().size > 0,
    inCode: block.getType() === BLOCK.code,
  };
}
