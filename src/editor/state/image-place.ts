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

const caretAt = (key: string, offset: number) => SelectionState.createEmpty(key).merge({ anchorOffset: offset, focusOffset: offset }) as SelectionState;

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
    return Boolean(kept) && at <= kept!.getLength();
  };
  const keepCaret = fits(caret.getAnchorKey(), caret.getAnchorOffset()) && fits(caret.getFocusKey(), caret.getFocusOffset());
  const after = keepCaret ? caret : caretAt(next.blockKey, 0);
  const placed = content.merge({ blockMap, selectionBefore: state.getSelection(), selectionAfter: after }) as ContentState;
  return { state: EditorState.acceptSelection(EditorState.push(state, placed, 'insert-fragment'), after), next };
}

/** The placeholder a paste left for a data: image: its block and offset, or null once the editor deleted it. */
function findPlaceholder(content: ContentState, placeholder: string): { block: ContentBlock; offset: number } | null {
  const isIt = (key: string | null) => {
    if (!key) return false;
    const entity = content.getEntity(key);
    return entity.getType() === ENTITY.pendingImage && (entity.getData() as Partial<PendingImageData>).placeholder === placeholder;
  };
  for (const block of content.getBlocksAsArray()) {
    let offset = -1;
    block.findEntityRanges((character) => isIt(character.getEntity()), (start) => (offset = start));
    if (offset >= 0) return { block, offset };
  }
  return null;
}

/**
 * Puts the stored image in place of its placeholder (an image block keeps the placeholder block's
 * alignment, an image in running text stays in its line), or, with no image (the file was refused or
 * cancelled), takes the placeholder out. The editor's caret stays where it is when it still can.
 * Returns null when the editor deleted the placeholder meanwhile: deleting it was the editor's way of
 * not wanting the image there, so the image is inserted nowhere (it stays among the article's images,
 * which the image dialog offers).
 */
export function fillPlaceholder(state: EditorState, placeholder: string, image: ImageData | null): EditorState | null {
  const content = state.getCurrentContent();
  const found = findPlaceholder(content, placeholder);
  if (!found) return null;
  const { block, offset } = found;
  const range = caretAt(block.getKey(), offset).merge({ focusOffset: offset + 1 }) as SelectionState;
  let next: ContentState;
  if (image) {
    const withEntity = content.createEntity(ENTITY.image, 'IMMUTABLE', image);
    next = Modifier.applyEntity(withEntity, range, withEntity.getLastCreatedEntityKey());
  } else if (block.getType() === BLOCK.atomic) {
    const rest = content.getBlockMap().delete(block.getKey());
    const empty = new ContentBlock({ key: genKey(), type: BLOCK.paragraph, text: '' });
    next = content.merge({ blockMap: rest.size > 0 ? rest : rest.set(empty.getKey(), empty) }) as ContentState;
  } else {
    next = Modifier.removeRange(content, range, 'forward');
  }
  const caret = state.getSelection();
  const fits = (key: string, at: number) => {
    const kept = next.getBlockForKey(key);
    return Boolean(kept) && at <= kept.getLength();
  };
  const after = fits(caret.getAnchorKey(), caret.getAnchorOffset()) && fits(caret.getFocusKey(), caret.getFocusOffset()) ? caret : caretAt(next.getFirstBlock().getKey(), 0);
  const placed = next.merge({ selectionBefore: caret, selectionAfter: after }) as ContentState;
  return EditorState.acceptSelection(EditorState.push(state, placed, image ? 'apply-entity' : 'remove-range'), after);
}
