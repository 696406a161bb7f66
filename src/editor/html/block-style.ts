import type { CSSProperties } from 'react';
import { ALIGNMENTS, INDENT_STEP_PX, MAX_INDENT, type Alignment, type BlockAttributes } from '../schema.js';

/** Block data (alignment, indent) as the inline style the published HTML carries. */
export function blockStyle(data: BlockAttributes): CSSProperties | undefined {
  const style: CSSProperties = {};
  if (data.align && data.align !== 'left') style.textAlign = data.align;
  if (data.indent && data.indent > 0) style.marginLeft = `${clampIndent(data.indent) * INDENT_STEP_PX}px`;
  return Object.keys(style).length > 0 ? style : undefined;
}

export function clampIndent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(MAX_INDENT, Math.round(value)));
}

/** Reads alignment and indent back from an element's style; anything else is dropped. */
export function readBlockAttributes(node: HTMLElement): BlockAttributes {
  const attributes: BlockAttributes = {};
  const align = node.style.textAlign as Alignment;
  if (ALIGNMENTS.includes(align) && align !== 'left') attributes.align = align;
  const margin = /^(\d+(?:\.\d+)?)px$/.exec(node.style.marginLeft.trim());
  if (margin) {
    const indent = clampIndent(Number(margin[1]) / INDENT_STEP_PX);
    if (indent > 0) attributes.indent = indent;
  }
  return attributes;
}
