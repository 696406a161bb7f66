import { CharacterMetadata, ContentBlock, ContentState, genKey, ImmutableMap, List, OrderedSet } from './commonjs-deps.js';
import { acceptsAlignment, BLOCK, ENTITY, HEADING_TYPES, INLINE_IMAGE_CHAR, MAX_LIST_DEPTH, type BlockAttributes } from '../schema.js';
import type { ImageData, LinkData, PendingImageData } from '../entities.js';
import { readBlockAttributes } from './block-style.js';
import { takeCellImages, type CellImage } from './cell-images.js';
import { isEmbeddedImage, type EmbeddedImage } from './embedded-images.js';
import { addNotice, type ImportNotice, type ImportNotices } from './import-notices.js';
import { elementMarks } from './inline-marks.js';
import { readStyle } from './style-attribute.js';
import { readTable } from './table-import.js';
import { parseBody } from './parse-body.js';
import { isAllowedImageUrl, isAllowedLinkUrl } from './urls.js';

export interface ImportOptions {
  /** Foreign HTML from the clipboard: the source's default colours and computed styles are dropped. */
  paste?: boolean;
}

export interface ImportResult {
  content: ContentState;
  notices: ImportNotices;
  /** Pasted images carried as data: URLs, each a placeholder in the content until the form has uploaded it. */
  embedded: EmbeddedImage[];
}

/** Not content: left out without a word. */
const SILENT = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'meta', 'link', 'xml', 'colgroup', 'col', 'datalist', 'option']);
/** Content the schema has no place for: left out, and the paste says so. */
const DROPPED: Record<string, ImportNotice> = {
  iframe: 'embed',
  object: 'embed',
  embed: 'embed',
  video: 'video',
  audio: 'audio',
  form: 'form',
  input: 'form',
  select: 'form',
  textarea: 'form',
  button: 'form',
  svg: 'graphic',
  canvas: 'graphic',
  math: 'graphic',
};
const VIDEO_HOSTS = /youtube|youtu\.be|vimeo|dailymotion|video|player/i;

/** Elements that start a block of their own (everything else is inline and only adds marks). */
const BLOCKISH = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'li', 'hr', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'section', 'article', 'header', 'footer', 'main',
  'aside', 'nav', 'address', 'dl', 'dt', 'dd', 'center', 'fieldset', 'legend', 'details', 'summary', 'body', 'html',
]);
const HEADINGS: Record<string, string> = { h1: HEADING_TYPES[0], h2: HEADING_TYPES[1], h3: HEADING_TYPES[2], h4: HEADING_TYPES[3], h5: HEADING_TYPES[4], h6: HEADING_TYPES[5] };
const LIST_DEPTH = /\bpublic-DraftStyleDefault-depth(\d)\b/;
const LIST_START = /\brte-start-(\d+)\b/;

interface Context {
  /** The type a block opened here gets: a paragraph, or the quote or list item around it. */
  type: string;
  depth: number;
  data: BlockAttributes;
  listDepth: number;
  marks: OrderedSet<string>;
  link: string | null;
  /** Pasted text the source showed with its spaces (white-space: pre, pre-wrap): runs and leading spaces are kept. */
  keepSpaces: boolean;
}

interface PendingBlock {
  type: string;
  depth: number;
  data: BlockAttributes;
  text: string;
  characters: CharacterMetadata[];
  /** Opened by a list item: the item's first paragraph fills it instead of starting another block. */
  reusable: boolean;
}

class DocumentBuilder {
  readonly blocks: ContentBlock[] = [];
  readonly notices: ImportNotices = new Map();
  readonly embedded: EmbeddedImage[] = [];
  entities = ContentState.createFromText('');
  current: PendingBlock | null = null;

  constructor(readonly paste: boolean) {}

  begin(type: string, depth: number, data: BlockAttributes, reusable = false): void {
    const current = this.current;
    if (current && current.reusable && current.text === '' && current.type === type) {
      current.reusable = reusable;
      return;
    }
    this.close();
    this.current = { type, depth, data, text: '', characters: [], reusable };
  }

  ensure(context: Context): PendingBlock {
    if (!this.current) this.begin(context.type, context.depth, context.data);
    return this.current!;
  }

  /** Text as a browser renders it: runs of white space are one space, none at the edges of a line. */
  text(value: string, context: Context): void {
    if (context.keepSpaces) return this.spacedText(value, context);
    const collapsed = value.replace(/[\t\n\r\f ]+/g, ' ');
    if (collapsed === ' ' && (!this.current || this.current.text === '' || this.current.text.endsWith(' ') || this.current.text.endsWith('\n'))) return;
    const block = this.ensure(context);
    const lineStart = block.text === '' || block.text.endsWith('\n');
    const start = lineStart || block.text.endsWith(' ') ? collapsed.replace(/^ /, '') : collapsed;
    // A run the source held open with no-break spaces (Word, Docs: 72 of them) keeps its width, written as typed spaces are.
    const runs = start.replace(/[ \u00a0]*\u00a0[ \u00a0]*/g, (run, offset: number) => (run.length > 1 ? spaceRun(run.length, offset === 0 && lineStart) : run));
    this.append(runs, context.marks, context.link);
  }

  /**
   * Spaces as the source showed them, written as a browser's editor writes typed spaces: no two plain
   * spaces side by side and none at the start of a line (each would collapse on the page), the others
   * no-break spaces. Tabs count as four spaces; line breaks in the text are the source's own.
   */
  spacedText(value: string, context: Context): void {
    const lines = value.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
    lines.forEach((line, index) => {
      if (index > 0) this.lineBreak(context);
      if (!line) return;
      const block = this.ensure(context);
      const lineStart = block.text === '' || block.text.endsWith('\n');
      const spaced = line.replace(/ {2,}|^ /g, (run, offset: number) => spaceRun(run.length, offset === 0 && lineStart));
      this.append(spaced, context.marks, context.link);
    });
  }

  append(text: string, marks: OrderedSet<string>, entity: string | null): void {
    if (!text) return;
    const block = this.current!;
    // Draft compares "no entity" with null, so the key is left out rather than given as null.
    const character = CharacterMetadata.create(entity ? { style: marks, entity } : { style: marks });
    block.text += text;
    for (let index = 0; index < text.length; index++) block.characters.push(character);
  }

  lineBreak(context: Context): void {
    const block = this.ensure(context);
    this.trimEnd(block);
    this.append('\n', context.marks, null);
  }

  entity(type: string, mutability: 'MUTABLE' | 'IMMUTABLE', data: object): string {
    this.entities = this.entities.createEntity(type, mutability, data);
    return this.entities.getLastCreatedEntityKey();
  }

  atomic(type: string, data: object, attributes: BlockAttributes = {}): void {
    this.close();
    const key = this.entity(type, 'IMMUTABLE', data);
    this.current = { type: BLOCK.atomic, depth: 0, data: attributes, text: ' ', characters: [CharacterMetadata.create({ entity: key })], reusable: false };
    this.close();
  }

  close(): void {
    const block = this.current;
    if (!block) return;
    this.current = null;
    if (block.type !== BLOCK.code && block.type !== BLOCK.atomic) {
      this.trimEnd(block);
      // A line break that ends a block adds no line in a browser (<p>a<br></p> is one line).
      if (block.text.endsWith('\n')) {
        block.text = block.text.slice(0, -1);
        block.characters.pop();
        this.trimEnd(block);
      }
    }
    this.blocks.push(
      new ContentBlock({
        key: genKey(),
        type: block.type,
        text: block.text,
        characterList: List(block.characters),
        depth: block.depth,
        data: ImmutableMap(block.data as Record<string, unknown>),
      }),
    );
  }

  private trimEnd(block: PendingBlock): void {
    while (block.text.endsWith(' ')) {
      block.text = block.text.slice(0, -1);
      block.characters.pop();
    }
  }

  notice(kind: ImportNotice): void {
    addNotice(this.notices, kind);
  }

  /**
   * An image whose address the article cannot keep. A pasted data: image is uploaded instead: it is kept
   * for the form, and its placeholder's data is returned to stand where it was; any other is announced.
   */
  unusableImage(image: Element): PendingImageData | null {
    const src = image.getAttribute('src') ?? '';
    if (this.paste && isAllowedImageUrl(src) && isOtherSite(src.trim())) {
      // Its address is not fetched, not even to upload it: the person sends the file.
      this.notice('remoteImage');
      return { placeholder: genKey(), remote: true };
    }
    if (!this.paste || !isEmbeddedImage(src)) {
      this.notice('image');
      return null;
    }
    const placeholder = genKey();
    this.embedded.push({ dataUrl: src.trim(), alt: image.getAttribute('alt') ?? '', placeholder });
    return { placeholder };
  }
}

/**
 * A run of spaces as a browser's editor writes typed ones: plain and no-break spaces alternate, so no
 * two plain ones collapse and at most one no-break space stands for each pair; one at the start of a
 * line is a no-break space (a plain one would vanish).
 */
function spaceRun(length: number, startsLine: boolean): string {
  return Array.from({ length }, (_space, at) => ((at % 2 === 0) === (startsLine || length % 2 === 0) ? '\u00a0' : ' ')).join('');
}

/** The tag as written: Word's <o:p> must not read as <p> (some parsers split the prefix off). */
function tagOf(node: Element): string {
  return node.nodeName.toLowerCase();
}

function containsBlock(element: Element): boolean {
  for (const child of Array.from(element.children)) {
    const tag = tagOf(child);
    if (BLOCKISH.has(tag) || containsBlock(child)) return true;
  }
  return false;
}

/** The one image a paragraph holds, when it holds nothing else: such a paragraph is an image block. */
function soleImage(element: Element): Element | null {
  if ((element.textContent ?? '').replace(/[\s\u00a0]/g, '') !== '') return null;
  const images = element.querySelectorAll('img');
  return images.length === 1 ? images[0]! : null;
}

/**
 * A pasted image on another site (Google Docs' googleusercontent.com, a web page's photo) is never
 * linked: the article would depend on, and tell visitors' browsers to fetch from, someone else's server.
 */
function isOtherSite(src: string): boolean {
  if (!/^https?:/i.test(src)) return false;
  try {
    return new URL(src).origin !== globalThis.location?.origin;
  } catch {
    return true;
  }
}

function imageData(image: Element, paste: boolean): ImageData | null {
  const src = (image.getAttribute('src') ?? '').trim();
  if (!isAllowedImageUrl(src) || (paste && isOtherSite(src))) return null;
  const data: ImageData = { src, alt: image.getAttribute('alt') ?? '' };
  const title = image.getAttribute('title');
  if (title) data.title = title;
  const width = Number(image.getAttribute('width'));
  if (Number.isInteger(width) && width > 0) data.width = width;
  return data;
}

function linkData(anchor: Element, paste: boolean): LinkData | null {
  const href = (anchor.getAttribute('href') ?? '').trim();
  if (!isAllowedLinkUrl(href)) return null;
  const data: LinkData = { href };
  const title = anchor.getAttribute('title');
  // The editor used to show every link's address as its title, and copies of it carry that along.
  if (title && !(paste && title.trim() === href)) data.title = title;
  if (anchor.getAttribute('target') === '_blank') data.target = '_blank';
  return data;
}

function blockData(element: Element, context: Context): BlockAttributes {
  const { align, ...data } = { ...context.data, ...readBlockAttributes(element) };
  return align && align !== 'left' ? { align, ...data } : data;
}

function walk(parent: Node, context: Context, builder: DocumentBuilder): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) {
      builder.text((node as Text).data, context);
      continue;
    }
    if (node.nodeType !== 1) continue;
    visit(node as Element, context, builder);
  }
}

function visit(element: Element, context: Context, builder: DocumentBuilder): void {
  const tag = tagOf(element);
  if (SILENT.has(tag)) return;
  const dropped = DROPPED[tag];
  if (dropped) {
    const embedsVideo = tag === 'iframe' && VIDEO_HOSTS.test(element.getAttribute('src') ?? '');
    builder.notice(embedsVideo ? 'videoEmbed' : dropped);
    return;
  }
  if (tag === 'br') {
    // Chromium adds this one to copies that end at a block's edge; it is not a line of the content.
    if (element.classList.contains('Apple-interchange-newline')) return;
    builder.lineBreak(context);
    return;
  }
  if (tag === 'img') return image(element, context, builder);
  if (!BLOCKISH.has(tag)) {
    walk(element, withMarks(element, tag, context, builder), builder);
    return;
  }
  if (builder.paste && tag !== 'pre' && isPastedCode(element)) {
    builder.close();
    builder.begin(BLOCK.code, 0, {});
    builder.append(codeText(element), OrderedSet(), null);
    builder.close();
    return;
  }
  switch (tag) {
    case 'hr':
      builder.atomic('HR', {});
      return;
    case 'pre':
      builder.close();
      builder.begin(BLOCK.code, 0, {});
      builder.append(codeText(element), OrderedSet(), null);
      builder.close();
      return;
    case 'ul':
    case 'ol':
      return list(element, context, builder);
    case 'li':
      return listItem(element, BLOCK.bullet, Math.max(0, context.listDepth), {}, context, builder);
    case 'blockquote': {
      builder.close();
      const { indent } = readBlockAttributes(element);
      const data = indent ? { indent } : {};
      const before = builder.blocks.length;
      walk(element, { ...context, type: BLOCK.blockquote, depth: 0, data }, builder);
      if (builder.blocks.length === before && !builder.current) builder.begin(BLOCK.blockquote, 0, data);
      builder.close();
      return;
    }
    case 'table':
      return table(element, context, builder);
  }
  const inner = withMarks(element, tag, { ...context, data: blockData(element, context) }, builder);
  // A pasted Heading 1 / Título 1 is the document's top heading; on the page that is the article's title (its H1).
  const heading = builder.paste && tag === 'h1' ? HEADINGS.h2 : HEADINGS[tag];
  if (containsBlock(element)) {
    builder.close();
    // A heading wrapping other blocks (Draft's own markup: <h2><div>) makes them headings.
    walk(element, heading && !isListItemType(context.type) ? { ...inner, type: heading } : inner, builder);
    builder.close();
    return;
  }
  const sole = soleImage(element);
  // A linked image the article cannot show still leaves its link (walked below, where image() keeps it).
  if (sole && !isListItemType(context.type) && (imageData(sole, builder.paste) || !sole.closest('a'))) {
    const data = imageData(sole, builder.paste);
    const pending = data ? null : builder.unusableImage(sole);
    if (data) builder.atomic(ENTITY.image, data, alignmentOnly(inner.data));
    else if (pending) builder.atomic(ENTITY.pendingImage, pending, alignmentOnly(inner.data));
    return;
  }
  if (tag !== 'p' && !heading && element.textContent === '' && !element.querySelector('br, img')) {
    // A wrapper left empty by what was dropped from it (an embedded video's <div>) is no paragraph.
    walk(element, inner, builder);
    return;
  }
  const type = heading && !isListItemType(context.type) ? heading : context.type;
  builder.begin(type, context.depth, acceptsAlignment(type) ? inner.data : context.data);
  walk(element, inner, builder);
  builder.close();
}

function withMarks(element: Element, tag: string, context: Context, builder: DocumentBuilder): Context {
  // A pasted paragraph's own style is the source's computed look, not formatting of the text.
  const marks =
    builder.paste && BLOCKISH.has(tag)
      ? context.marks
      : elementMarks(element, tag, context.marks, { paste: builder.paste, inLink: context.link !== null || tag === 'a' });
  let link = context.link;
  if (tag === 'a') {
    const data = linkData(element, builder.paste);
    if (data) link = builder.entity(ENTITY.link, 'MUTABLE', data);
  }
  const keepSpaces = builder.paste ? spacesKept(element, context.keepSpaces) : context.keepSpaces;
  return marks === context.marks && link === context.link && keepSpaces === context.keepSpaces ? context : { ...context, marks, link, keepSpaces };
}

function spacesKept(element: Element, inherited: boolean): boolean {
  const whiteSpace = readStyle(element).get('white-space');
  if (!whiteSpace) return inherited;
  return /^(pre|pre-wrap|break-spaces)$/i.test(whiteSpace);
}

function image(element: Element, context: Context, builder: DocumentBuilder): void {
  const data = imageData(element, builder.paste);
  const pending = data ? null : builder.unusableImage(element);
  if (pending || data) {
    const [type, entityData] = data ? [ENTITY.image, data] : [ENTITY.pendingImage, pending!];
    // Inside an open block, or opening a quote's line of text, the image is part of that line: lifting it into
    // a block of its own would move it out of its heading, quote or list item, and away from its text.
    const current = builder.current;
    const opensQuoteLine = !current && context.type === BLOCK.blockquote && sharesLineWithText(element);
    if ((current && current.type !== BLOCK.code) || opensQuoteLine) {
      builder.ensure(context);
      builder.append(INLINE_IMAGE_CHAR, OrderedSet(), builder.entity(type, 'IMMUTABLE', entityData));
    } else builder.atomic(type, entityData, alignmentOnly(context.data));
  }
  if (!data && context.link) keepLink(element, context, builder);
}

/** The link around an image that could not be kept, written with the image's alt text (or its address) as the link's text. */
function keepLink(image: Element, context: Context, builder: DocumentBuilder): void {
  const href = (builder.entities.getEntity(context.link!).getData() as LinkData).href;
  const text = (image.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim() || href;
  const block = builder.ensure(context);
  if (block.text !== '' && !/[\s\n]$/.test(block.text)) builder.append(' ', context.marks, null);
  builder.append(text, context.marks, context.link);
}

/** Text or inline markup (not a line break, not a block) next to the image inside the same parent. */
function sharesLineWithText(image: Element): boolean {
  return Array.from(image.parentElement?.childNodes ?? []).some((node) => {
    if (node === image) return false;
    if (node.nodeType === 3) return (node.textContent ?? '').replace(/[\s\u00a0]/g, '') !== '';
    const tag = tagOf(node as Element);
    return node.nodeType === 1 && tag !== 'br' && !BLOCKISH.has(tag);
  });
}

function alignmentOnly(data: BlockAttributes): BlockAttributes {
  return data.align ? { align: data.align } : {};
}

const MONOSPACE = /monospace|courier|consolas|menlo|monaco|cascadia|fira code|jetbrains mono|source code/i;

/** Code editors (VS Code and its kin) copy code as a monospace block that keeps its spaces, one line per <div>. */
function isPastedCode(element: Element): boolean {
  const style = readStyle(element);
  return /^pre/i.test(style.get('white-space') ?? '') && MONOSPACE.test(style.get('font-family') ?? '');
}

/** The text of a code block, line breaks kept: code holds plain text only, whatever marks it had. Each inner block is a line. */
function codeText(element: Element): string {
  let text = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === 3) text += (node as Text).data;
    else if (node.nodeType === 1) {
      const tag = tagOf(node as Element);
      if (tag === 'br') text += '\n';
      else {
        if (BLOCKISH.has(tag) && text !== '' && !text.endsWith('\n')) text += '\n';
        text += codeText(node as Element);
      }
    }
  }
  return text.replace(/\r\n?/g, '\n');
}

function isListItemType(type: string): boolean {
  return type === BLOCK.bullet || type === BLOCK.ordered;
}

function list(element: Element, context: Context, builder: DocumentBuilder): void {
  builder.close();
  const type = tagOf(element) === 'ol' ? BLOCK.ordered : BLOCK.bullet;
  const depth = Math.min(MAX_LIST_DEPTH, context.listDepth + 1);
  const start = Number(element.getAttribute('start'));
  let first = true;
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType !== 1) {
      if (child.nodeType === 3 && (child as Text).data.trim()) {
        builder.begin(type, depth, {});
        builder.text((child as Text).data, context);
      }
      continue;
    }
    const item = child as Element;
    const tag = tagOf(item);
    if (tag === 'li') {
      const data: BlockAttributes = first && type === BLOCK.ordered && Number.isInteger(start) && start > 1 ? { start } : {};
      listItem(item, type, depth, data, context, builder);
      first = false;
    } else if (tag === 'ul' || tag === 'ol') {
      // Google Docs puts a deeper list straight inside the outer one, after the item it belongs to.
      list(item, { ...context, listDepth: depth }, builder);
    } else {
      visit(item, { ...context, type, depth, data: {}, listDepth: depth }, builder);
    }
  }
  builder.close();
}

function listItem(item: Element, type: string, depth: number, data: BlockAttributes, context: Context, builder: DocumentBuilder): void {
  const copied = builder.paste ? LIST_DEPTH.exec(item.getAttribute('class') ?? '') : null;
  const marked = Number(item.getAttribute('data-depth'));
  const itemDepth = copied ? Number(copied[1]) : builder.paste && Number.isInteger(marked) && item.hasAttribute('data-depth') ? marked : depth;
  const level = Math.min(MAX_LIST_DEPTH, itemDepth);
  const copiedStart = builder.paste && type === BLOCK.ordered ? LIST_START.exec(item.getAttribute('class') ?? '') : null;
  builder.begin(type, level, copiedStart ? { start: Number(copiedStart[1]) } : data, true);
  walk(item, { ...context, type, depth: level, data: {}, listDepth: level }, builder);
  builder.close();
}

/** A table block; its caption, which the block has no place for, is the paragraph before it. */
function table(element: Element, context: Context, builder: DocumentBuilder): void {
  builder.close();
  const caption = element.querySelector(':scope > caption');
  if (caption) {
    builder.begin(BLOCK.paragraph, 0, {});
    walk(caption, { ...context, type: BLOCK.paragraph, depth: 0, data: {} }, builder);
    builder.close();
  }
  const moved: CellImage[] = [];
  const data = readTable(element, (cell) => {
    const result = readBody(cell as HTMLElement, { paste: builder.paste });
    for (const [kind, count] of result.notices) for (let index = 0; index < count; index++) builder.notice(kind);
    if (!builder.paste) return result.content;
    // A pasted image in a cell waits for its upload (or stands for another site's file) in a block after the table.
    builder.embedded.push(...result.embedded);
    const { content, images } = takeCellImages(result.content);
    moved.push(...images);
    return content;
  }, { paste: builder.paste });
  builder.atomic(ENTITY.table, data);
  for (const image of moved) {
    builder.atomic(image.type, image.data);
    builder.notice('cellImage');
  }
}

/** HTML (the switch, a paste, a restored draft) reduced to the editor's schema, with what could not be kept. */
export function readHtml(html: string, options: ImportOptions = {}): ImportResult {
  return readBody(parseBody(html), options);
}

export function readBody(body: HTMLElement, options: ImportOptions = {}): ImportResult {
  const builder = new DocumentBuilder(Boolean(options.paste));
  const context: Context = {
    type: BLOCK.paragraph,
    depth: 0,
    data: {},
    listDepth: -1,
    marks: OrderedSet(),
    link: null,
    keepSpaces: false,
  };
  walk(body, context, builder);
  builder.close();
  const blocks = builder.blocks;
  const content =
    blocks.length === 0
      ? ContentState.createFromText('')
      : ContentState.createFromBlockArray(blocks, builder.entities.getEntityMap());
  return { content, notices: builder.notices, embedded: builder.embedded };
}

export function htmlToContent(html: string): ContentState {
  return readHtml(html).content;
}
