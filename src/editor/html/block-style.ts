import { ALIGNMENTS, INDENT_STEP_PX, MAX_INDENT, type Alignment, type BlockAttributes } from '../schema.js';
import { lengthInPx, readStyle } from './style-attribute.js';

/** Block data (alignment, indent) as the style attribute the published HTML carries, or ''. */
export function blockStyleAttribute(data: BlockAttributes): string {
  const rules: string[] = [];
  if (data.align && data.align !== 'left') rules.push(`text-align:${data.align}`);
  if (data.indent && data.indent > 0) rules.push(`margin-left:${clampIndent(data.indent) * INDENT_STEP_PX}px`);
  return rules.length > 0 ? ` style="${rules.join(';')}"` : '';
}

export function clampIndent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(MAX_INDENT, Math.round(value)));
}

/**
 * Reads alignment and indent back from an element (align "left" included, see blockData): its style (any absolute unit: Word and Docs write
 * points), the old align attribute, and, for HTML copied out of this editor, its own classes.
 */
export function readBlockAttributes(node: Element): BlockAttributes {
  const attributes: BlockAttributes = {};
  const style = readStyle(node);
  const classes = node.getAttribute('class') ?? '';
  const align = (style.get('text-align') ?? node.getAttribute('align') ?? /\brte-align-(\w+)/.exec(classes)?.[1] ?? '').toLowerCase() as Alignment;
  // "left" is kept here so that it overrides a centred container; blocks never store it.
  if (ALIGNMENTS.includes(align)) attributes.align = align;
  const margin = lengthInPx(style.get('margin-left'));
  const ownIndent = /\brte-indent-(\d+)/.exec(classes);
  const indent = ownIndent ? Number(ownIndent[1]) : margin !== null && margin > 0 ? clampIndent(margin / INDENT_STEP_PX) : 0;
  if (indent > 0) attributes.indent = clampIndent(indent);
  return attributes;
}
