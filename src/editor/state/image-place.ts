import { CharacterMetadata, ContentBlock, EditorState, genKey, Modifier, SelectionState, type ContentState } from 'draft-js';
import { List } from 'immutable';
import type { ImageData, PendingImageData } from '../entities.js';
import { BLOCK, ENTITY } from '../schema.js';

/**
 * Where a pasted or dropped image goes once the server has stored it. Block keys survive typing, so
 * the place still points at the paragraph the editor pasted into, even seconds (or a first save) later.
 */
export interface ImagePlace {
  blockKey: string;
  offset: number;
}

/** The start of the selection (or of a drop's target selection). */
export function placeOf(selection: SelectionState): ImagePlace {
  return { blockKey: selection.getStartKey(), offset: selection.getStartOffset() };
}

const caretAt = (key: string, offset: number) => SelectionState.createEmpty(key).merge({ anchorOffset: offset, focusOffset: offset });

/** The block the image goes before: the place's block, or its second half when the place splits it. */
function blockBefore(content: ContentState, place: ImagePlace): { content: ContentState; key: string | null } {
  const block = content.getBlockForKey(place.blockKey);
  if (!block) return { content, key: null };
  const offset = Math.min(place.offset, block.getLength());
  if (offset === 0) return { content, key: block.getKey() };
  if (offset === block.getLength()) return { content, key: content.getKeyAfter(block.getKey()) ?? null };
  const split = Modifier.splitBlock(content, caretAt(block.getKey(), offset));
  return { content: split, key: split.getSelectionAfter().getStartKey() };
}

/**
 * Inserts the image as its own block at the place (at the end of the content when its paragraph was
 * deleted since), leaving the editor's own caret where it was when it still can be; returns the place
 * right after the image, so several images of one paste keep their order with no gap between them.
 */
export function insertImageAt(state: EditorState, place: ImagePlace, image: ImageData): { state: EditorState; next: ImagePlace } {
  const withEntity = state.getCurrentContent().createEntity(ENTITY.image, 'IMMUTABLE', image);
  const entity = withEntity.getLastCreatedEntityKey();
  const { content, key: beforeKey } = blockBefore(withEntity, place);
  const atomic = new ContentBlock({ key: genKey(), type: BLOCK.atomic, text: ' ', characterList: List([CharacterMetadata.create({ entity })]) });
  // An image at the very end gets a paragraph after it, as the image button leaves one, to type on.
  const trailing = beforeKey === null ? new ContentBlock({ key: genKey(), type: BLOCK.paragraph, text: '' }) : null;
  const blocks = content.getBlockMap().toSeq();
  const added: [string, ContentBlock][] = [[atomic.getKey(), atomic], ...(trailing ? [[trailing.getKey(), trailing] as [string, ContentBlock]] : [])];
  const blockMap =
    beforeKey === null
      ? blocks.concat(added).toOrderedMap()
      : blocks
          .takeUntil((block) => block!.getKey() === beforeKey)
          .concat(added, blocks.skipUntil((block) => block!.getKey() === beforeKey))
          .toOrderedMap();
  const next = { blockKey: beforeKey ?? trailing!.getKey(), offset: 0 };
  const caret = state.getSelection();
  const fits = (key: string, at: number) => {
    const kept = blockMap.get(key);
    return Boolean(kept) && at <= kept.getLength();
  };
  const keepCaret = fits(caret.getAnchorKey(), caret.getAnchorOffset()) && fits(caret.getFocusKey(), caret.getFocusOffset());
  const after = keepCaret ? caret : caretAt(next.blockKey, 0);
  const placed = content.merge({ blockMap, selectionBefore: state.getSelection(), selectionAfter: after }) as ContentState;
  return { state: EditorState.acceptSelection(EditorState.push(state, placed, 'insert-fragment'), after), next };
}

/** Where the placeholder is in the block, or -1. */
function placeholderIn(content: ContentState, block: ContentBlock, placeholder: string): number {
  let offset = -1;
  block.findEntityRanges(
    (character) => {
      const key = character.getEntity();
      if (!key) return false;
      const entity = content.getEntity(key);
      return entity.getType() === ENTITY.pendingImage && (entity.getData() as Partial<PendingImageData>).placeholder === placeholder;
    },
    (start) => (offset = start),
  );
  return offset;
}

/** The placeholder a paste left for a data: image: its block and offset, or null once the editor deleted it. */
function findPlaceholder(content: ContentState, placeholder: string): { block: ContentBlock; offset: number } | null {
  for (const block of content.getBlocksAsArray()) {
    const offset = placeholderIn(content, block, placeholder);
    if (offset >= 0) return { block, offset };
  }
  return null;
}

/** The placeholder at the offset given the image entity, or taken out (no entity); the content's own selections are kept. */
function replacePlaceholder(content: ContentState, block: ContentBlock, offset: number, entity: string | null): ContentState {
  const range = caretAt(block.getKey(), offset).merge({ focusOffset: offset + 1 });
  let next: ContentState;
  if (entity) next = Modifier.applyEntity(content, range, entity);
  else if (block.getType() === BLOCK.atomic) {
    const rest = content.getBlockMap().delete(block.getKey());
    const empty = new ContentBlock({ key: genKey(), type: BLOCK.paragraph, text: '' });
    next = content.merge({ blockMap: rest.size > 0 ? rest : rest.set(empty.getKey(), empty) }) as ContentState;
  } else next = Modifier.removeRange(content, range, 'forward');
  return next.merge({ selectionBefore: content.getSelectionBefore(), selectionAfter: content.getSelectionAfter() }) as ContentState;
}

/**
 * Puts the stored image in place of its placeholder (an image block keeps the placeholder block's
 * alignment, an image in running text stays in its line), or, with no image (the file was refused or
 * cancelled), takes the placeholder out. The editor's caret stays where it is when it still can.
 * The undo and redo steps that hold the placeholder (in the same block) get the same change, and the
 * change is no step of its own: undoing typing done while the image was on its way must not bring back a
 * placeholder nothing will fill.
 * Returns null when the editor deleted the placeholder meanwhile: deleting it was the editor's way of
 * not wanting the image there, so the image is inserted nowhere (it stays among the article's images,
 * which the image dialog offers).
 */
export function fillPlaceholder(state: EditorState, placeholder: string, image: ImageData | null): EditorState | null {
  let content = state.getCurrentContent();
  const found = findPlaceholder(content, placeholder);
  if (!found) return null;
  let entity: string | null = null;
  if (image) {
    content = content.createEntity(ENTITY.image, 'IMMUTABLE', image);
    entity = content.getLastCreatedEntityKey();
  }
  const next = replacePlaceholder(content, found.block, found.offset, entity);
  const blockKey = found.block.getKey();
  const inHistory = (steps: ReturnType<EditorState['getUndoStack']>) =>
    steps
      .map((step) => {
        const block = step!.getBlockForKey(blockKey);
        const offset = block ? placeholderIn(step!, block, placeholder) : -1;
        return offset < 0 ? step! : replacePlaceholder(step!, block, offset, entity);
      })
      .toStack();
  const caret = state.getSelection();
  const fits = (key: string, at: number) => {
    const kept = next.getBlockForKey(key);
    return Boolean(kept) && at <= kept.getLength();
  };
  const after = fits(caret.getAnchorKey(), caret.getAnchorOffset()) && fits(caret.getFocusKey(), caret.getFocusOffset()) ? caret : caretAt(next.getFirstBlock().getKey(), 0);
  return EditorState.set(state, {
    currentContent: next,
    selection: after,
    undoStack: inHistory(state.getUndoStack()),
    redoStack: inHistory(state.getRedoStack()),
  });
}
