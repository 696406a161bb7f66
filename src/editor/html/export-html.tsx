import { convertToHTML } from 'draft-convert';
import type { ContentState, RawDraftContentBlock, RawDraftEntity } from 'draft-js';
import { BLOCK, ENTITY, HEADING_TYPES, type BlockAttributes } from '../schema.js';
import { LINK_REL, toImageData, toLinkData } from '../entities.js';
import { blockStyle } from './block-style.js';
import { combinedStyleMarkup, COMBINED_PREFIX, withCombinedStyles } from './canonical-styles.js';
import { listItemStart, toSanitizerSpelling } from './serialization.js';

function styleToHTML(style: string) {
  return style.startsWith(COMBINED_PREFIX) ? combinedStyleMarkup(style) : undefined;
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

function blockToHTML(block: RawDraftContentBlock) {
  const style = blockStyle((block.data ?? {}) as BlockAttributes);
  const headingIndex = HEADING_TYPES.indexOf(block.type as (typeof HEADING_TYPES)[number]);
  if (headingIndex >= 0) {
    const Tag = HEADING_TAGS[headingIndex]!;
    return <Tag style={style} />;
  }
  switch (block.type) {
    case BLOCK.blockquote:
      return <blockquote style={style} />;
    case BLOCK.code:
      return { start: '<pre><code>', end: '</code></pre>' };
    case BLOCK.bullet:
      return { start: listItemStart('ul', block.depth), end: '</li>' };
    case BLOCK.ordered:
      return { start: listItemStart('ol', block.depth), end: '</li>' };
    case BLOCK.atomic:
      return { start: '', end: '' };
    default:
      return <p style={style} />;
  }
}

function entityToHTML(entity: RawDraftEntity, originalText: string) {
  const data = entity.data as Record<string, unknown>;
  if (entity.type === ENTITY.link) {
    const link = toLinkData(data);
    return <a href={link.href} title={link.title} target={link.target} rel={LINK_REL} />;
  }
  if (entity.type === ENTITY.image) {
    const image = toImageData(data);
    // Images are atomic blocks in Draft; in HTML they sit in a paragraph, as the schema's inline image.
    return `<p>${imageTag(image.src, image.alt, image.title, image.width)}</p>`;
  }
  if (entity.type === ENTITY.rule) return '<hr />';
  return originalText;
}

function imageTag(src: string, alt: string, title?: string, width?: number): string {
  const attributes = [`src="${escapeAttribute(src)}"`, `alt="${escapeAttribute(alt)}"`];
  if (title) attributes.push(`title="${escapeAttribute(title)}"`);
  if (width) attributes.push(`width="${width}"`);
  return `<img ${attributes.join(' ')} />`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const converter = convertToHTML({
  styleToHTML: styleToHTML as never,
  blockToHTML: blockToHTML as never,
  entityToHTML: entityToHTML as never,
});

/** The article HTML for a Draft document: only the schema's elements, spelled as the sanitiser writes them. */
export function contentToHtml(content: ContentState): string {
  if (!content.hasText() && !hasAtomicBlock(content)) return '';
  return toSanitizerSpelling(converter(withCombinedStyles(content)));
}

function hasAtomicBlock(content: ContentState): boolean {
  return content.getBlocksAsArray().some((block) => block.getType() === BLOCK.atomic);
}
