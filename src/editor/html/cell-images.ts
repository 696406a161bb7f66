import { ContentState, List, type ContentBlock } from './commonjs-deps.js';
import { BLOCK, ENTITY } from '../schema.js';

export interface CellImage {
  /** IMAGE, or PENDING_IMAGE: a placeholder waiting for its upload, or asking for another site's file. */
  type: string;
  data: Record<string, unknown>;
}

const isImage = (type: string) => type === ENTITY.image || type === ENTITY.pendingImage;

/**
 * A pasted cell's images, taken out of it in reading order: a table cell holds lines of text, so a
 * paste puts each of them in a block of its own just after the table instead of losing it (issue 34).
 */
export function takeCellImages(content: ContentState): { content: ContentState; images: CellImage[] } {
  const images: CellImage[] = [];
  const imageAt = (block: ContentBlock, offset: number): CellImage | null => {
    const key = block.getEntityAt(offset);
    if (!key) return null;
    const entity = content.getEntity(key);
    return isImage(entity.getType()) ? { type: entity.getType(), data: entity.getData() as Record<string, unknown> } : null;
  };
  const blocks = content.getBlocksAsArray().flatMap((block) => {
    if (block.getType() === BLOCK.atomic) {
      const image = imageAt(block, 0);
      if (image) images.push(image);
      return image ? [] : [block];
    }
    const text = block.getText();
    const characters = block.getCharacterList();
    let kept = '';
    const keptCharacters: ReturnType<typeof characters.get>[] = [];
    // "Raio X <img> de frente" reads "Raio X de frente": the space after the image goes with it.
    let afterImage = false;
    for (let offset = 0; offset < text.length; offset++) {
      const image = imageAt(block, offset);
      if (image) {
        images.push(image);
        afterImage = true;
        continue;
      }
      const char = text.charAt(offset);
      const spaced = kept === '' || kept.endsWith('\n') || kept.endsWith(' ');
      if (afterImage && char === ' ' && spaced) continue;
      afterImage = false;
      kept += char;
      keptCharacters.push(characters.get(offset));
    }
    return kept.length === text.length ? [block] : [block.merge({ text: kept, characterList: List(keptCharacters) }) as ContentBlock];
  });
  if (images.length === 0) return { content, images };
  return { content: ContentState.createFromBlockArray(blocks.length > 0 ? blocks : ContentState.createFromText('').getBlocksAsArray(), content.getEntityMap()), images };
}
