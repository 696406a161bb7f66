import type { ContentBlock, DraftStyleMap } from 'draft-js';
import type { CSSProperties } from 'react';
import { BACKGROUND_COLOR_PREFIX, INLINE, TEXT_COLOR_PREFIX } from '../schema.js';

/** How marks look while editing; the published HTML uses the real elements (<s>, <sup>...). */
export const STYLE_MAP: DraftStyleMap = {
  [INLINE.strike]: { textDecoration: 'line-through' },
  [INLINE.code]: { fontFamily: 'ui-monospace, monospace', background: '#f1f3f5', padding: '0 2px', borderRadius: '3px' },
  [INLINE.sup]: { verticalAlign: 'super', fontSize: '0.75em' },
  [INLINE.sub]: { verticalAlign: 'sub', fontSize: '0.75em' },
};

/** Colour marks carry their value in their name, so they are styled here rather than in the map. */
export function colorStyle(styles: { forEach(fn: (name?: string) => void): void }): CSSProperties {
  const css: CSSProperties = {};
  styles.forEach((name) => {
    if (!name) return;
    if (name.startsWith(TEXT_COLOR_PREFIX)) css.color = name.slice(TEXT_COLOR_PREFIX.length);
    if (name.startsWith(BACKGROUND_COLOR_PREFIX)) css.backgroundColor = name.slice(BACKGROUND_COLOR_PREFIX.length);
  });
  return css;
}

/** Alignment and indent as classes: Draft only lets blocks have class names. */
export function blockClassName(block: ContentBlock): string {
  const classes: string[] = [];
  const align: unknown = block.getData().get('align');
  if (typeof align === 'string' && align !== 'left') classes.push(`rte-align-${align}`);
  const indent = Number(block.getData().get('indent') ?? 0);
  if (indent > 0) classes.push(`rte-indent-${indent}`);
  const start = Number(block.getData().get('start') ?? 0);
  if (start > 1) classes.push(`rte-start-${start}`);
  return classes.join(' ');
}
