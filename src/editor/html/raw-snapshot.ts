import type { ContentBlock, ContentState, RawDraftContentBlock, RawDraftContentState, RawDraftEntity } from 'draft-js';

/**
 * convertToRaw for the local draft, with each block's encoding kept while the block is unchanged
 * (Draft's blocks are immutable, so an edit replaces only the block typed in). Autosave after a pause
 * then re-encodes one block instead of the whole article.
 */
const rawBlockCache = new WeakMap<ContentBlock, RawDraftContentBlock>();

export function rawOf(content: ContentState): RawDraftContentState {
  const entityMap: Record<string, RawDraftEntity> = {};
  const blocks = content.getBlocksAsArray().map((block) => {
    let raw = rawBlockCache.get(block);
    if (!raw) {
      raw = encodeBlock(block);
      rawBlockCache.set(block, raw);
    }
    for (const range of raw.entityRanges) {
      const key = String(range.key);
      if (entityMap[key]) continue;
      const entity = content.getEntity(key);
      entityMap[key] = { type: entity.getType(), mutability: entity.getMutability(), data: entity.getData() as Record<string, unknown> };
    }
    return raw;
  });
  return { blocks, entityMap };
}

function encodeBlock(block: ContentBlock): RawDraftContentBlock {
  const text = block.getText();
  // Raw offsets count code points, as convertToRaw does; Draft's character list counts UTF-16 units.
  const toPoint = codePointIndex(text);
  const styles = new Set<string>();
  block.getCharacterList().forEach((character) => character!.getStyle().forEach((style) => styles.add(style!)));
  const inlineStyleRanges: RawDraftContentBlock['inlineStyleRanges'] = [];
  for (const style of styles) {
    block.findStyleRanges(
      (character) => character.hasStyle(style),
      (start, end) => inlineStyleRanges.push({ offset: toPoint(start), length: toPoint(end) - toPoint(start), style: style as never }),
    );
  }
  const entityRanges: RawDraftContentBlock['entityRanges'] = [];
  block.findEntityRanges(
    (character) => character.getEntity() !== null,
    // Draft's entity keys are strings (uuids); convertFromRaw reads any key found in entityMap.
    (start, end) => entityRanges.push({ offset: toPoint(start), length: toPoint(end) - toPoint(start), key: block.getEntityAt(start) as unknown as number }),
  );
  return {
    key: block.getKey(),
    text,
    type: block.getType(),
    depth: block.getDepth(),
    inlineStyleRanges,
    entityRanges,
    data: block.getData().toObject(),
  };
}

function codePointIndex(text: string): (index: number) => number {
  if (!/[\uD800-\uDBFF]/.test(text)) return (index) => index;
  const points: number[] = [];
  let point = 0;
  for (let index = 0; index <= text.length; index++) {
    points.push(point);
    const code = text.charCodeAt(index);
    if (!(code >= 0xd800 && code <= 0xdbff)) point++;
  }
  return (index) => points[index]!;
}
