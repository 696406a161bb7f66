import { convertFromHTML } from 'draft-convert';
import { CharacterMetadata, ContentBlock, ContentState, type DraftEntityMutability } from 'draft-js';
import { List, Map as ImmutableMap, OrderedSet } from 'immutable';
import { BACKGROUND_COLOR_PREFIX, BLOCK, ENTITY, INLINE, TEXT_COLOR_PREFIX } from '../schema.js';
import type { ImageData, LinkData } from '../entities.js';
import { readBlockAttributes } from './block-style.js';
import { normalizeColor } from './colors.js';
import { prepareBody } from './prepare-dom.js';
import { isAllowedImageUrl, isAllowedLinkUrl } from './urls.js';

type CreateEntity = (type: string, mutability: DraftEntityMutability, data: object) => string;

const HEADINGS: Record<string, string> = {
  h1: 'header-one',
  h2: 'header-two',
  h3: 'header-three',
  h4: 'header-four',
  h5: 'header-five',
  h6: 'header-six',
};

function htmlToStyle(nodeName: string, node: HTMLElement, current: OrderedSet<string>): OrderedSet<string> {
  let style = current;
  if (nodeName === 'sup') style = style.add(INLINE.sup);
  if (nodeName === 'sub') style = style.add(INLINE.sub);
  if (node.style) {
    // Word processors mark bold with a numeric weight, which draft-convert does not read.
    if (Number(node.style.fontWeight) >= 600) style = style.add(INLINE.bold);
    const color = normalizeColor(node.style.color);
    if (color) style = replacePrefixed(style, TEXT_COLOR_PREFIX, color);
    const background = normalizeColor(node.style.backgroundColor);
    if (background) style = replacePrefixed(style, BACKGROUND_COLOR_PREFIX, background);
  }
  return style;
}

/** A nested colour overrides the outer one, as in CSS. */
function replacePrefixed(style: OrderedSet<string>, prefix: string, color: string): OrderedSet<string> {
  return style
    .filterNot((name) => Boolean(name?.startsWith(prefix)))
    .toOrderedSet()
    .add(`${prefix}${color}`);
}

function isImageParagraph(node: HTMLElement): boolean {
  const elements = Array.from(node.children);
  return (
    elements.length === 1 &&
    elements[0]!.nodeName.toLowerCase() === 'img' &&
    (node.textContent ?? '').trim() === ''
  );
}

function htmlToBlock(nodeName: string, node: HTMLElement) {
  if (nodeName === 'hr') return 'atomic';
  if (nodeName === 'pre') return 'code-block';
  if (nodeName === 'p' || nodeName === 'div') {
    if (isImageParagraph(node)) return 'atomic';
    if (nodeName === 'div') return undefined;
    return { type: BLOCK.paragraph, data: readBlockAttributes(node) };
  }
  const heading = HEADINGS[nodeName];
  if (heading) return { type: heading, data: readBlockAttributes(node) };
  if (nodeName === 'blockquote') {
    const { indent } = readBlockAttributes(node);
    return { type: BLOCK.blockquote, data: indent ? { indent } : {} };
  }
  return undefined;
}

function htmlToEntity(nodeName: string, node: HTMLElement, createEntity: CreateEntity): string | undefined {
  if (nodeName === 'a') {
    const href = node.getAttribute('href') ?? '';
    if (!isAllowedLinkUrl(href)) return undefined;
    const data: LinkData = { href: href.trim() };
    const title = node.getAttribute('title');
    if (title) data.title = title;
    if (node.getAttribute('target') === '_blank') data.target = '_blank';
    return createEntity(ENTITY.link, 'MUTABLE', data);
  }
  if (nodeName === 'img') {
    const src = node.getAttribute('src') ?? '';
    if (!isAllowedImageUrl(src)) return undefined;
    const data: ImageData = { src: src.trim(), alt: node.getAttribute('alt') ?? '' };
    const title = node.getAttribute('title');
    if (title) data.title = title;
    const width = Number(node.getAttribute('width'));
    if (Number.isInteger(width) && width > 0) data.width = width;
    return createEntity(ENTITY.image, 'IMMUTABLE', data);
  }
  if (nodeName === 'hr') return createEntity(ENTITY.rule, 'IMMUTABLE', {});
  return undefined;
}

const converter = convertFromHTML({
  htmlToStyle: htmlToStyle as never,
  htmlToBlock: htmlToBlock as never,
  htmlToEntity: htmlToEntity as never,
});

/** HTML (the switch, a paste, a restored draft) reduced to the editor's schema. */
export function htmlToContent(html: string): ContentState {
  const raw = (converter as unknown as (html: string, options: object, dom: (html: string) => HTMLElement) => ContentState)(
    html,
    { flat: false },
    prepareBody,
  );
  return normalizeContent(raw);
}

/**
 * Fixes what draft-convert leaves loose: blank edges of blocks, marks inside code blocks
 * (<pre><code> also reads as the code mark), atomic blocks without their entity, and an empty document.
 */
function normalizeContent(content: ContentState): ContentState {
  const blocks = content
    .getBlocksAsArray()
    .filter((block) => block.getType() !== BLOCK.atomic || isValidAtomic(content, block))
    .map((block) => normalizeBlock(content, block));
  if (blocks.length === 0) return ContentState.createFromText('');
  return ContentState.createFromBlockArray(blocks, content.getEntityMap());
}

function isValidAtomic(content: ContentState, block: ContentBlock): boolean {
  const key = block.getEntityAt(0);
  if (!key) return false;
  const type = content.getEntity(key).getType();
  return type === ENTITY.image || type === ENTITY.rule;
}

function normalizeBlock(content: ContentState, block: ContentBlock): ContentBlock {
  const type = block.getType();
  if (type === BLOCK.atomic) {
    const entity = block.getEntityAt(0);
    return block.merge({
      text: ' ',
      characterList: List([CharacterMetadata.create({ entity, style: OrderedSet<string>() })]),
      depth: 0,
      data: ImmutableMap(),
    }) as ContentBlock;
  }
  let text = block.getText();
  let characters = block.getCharacterList();
  if (type === BLOCK.code) {
    characters = characters.map(() => CharacterMetadata.create()).toList();
  } else {
    // As a browser renders it: spaces collapse across element boundaries and vanish at block edges.
    // Indexes are UTF-16 units, as in Draft's character list.
    const keep = text.split('').map((char, index) => {
      if (char !== ' ') return true;
      return index > 0 && text[index - 1] !== ' ' && text.slice(index).trim() !== '';
    });
    if (keep.some((kept) => !kept)) {
      text = text.split('').filter((_char, index) => keep[index]).join('');
      characters = characters.filter((_character, index) => keep[index!]!).toList();
    }
    characters = dropLinksWithoutEntity(content, characters);
  }
  return block.merge({ text, characterList: characters }) as ContentBlock;
}

function dropLinksWithoutEntity(content: ContentState, characters: List<CharacterMetadata>): List<CharacterMetadata> {
  return characters
    .map((character) => {
      const entity = character!.getEntity();
      if (entity && content.getEntity(entity).getType() !== ENTITY.link) {
        return CharacterMetadata.applyEntity(character!, null);
      }
      return character!;
    })
    .toList();
}
