import { OrderedSet } from './commonjs-deps.js';
import { BACKGROUND_COLOR_PREFIX, INLINE, TEXT_COLOR_PREFIX } from '../schema.js';
import { normalizeColor } from './colors.js';
import { readStyle } from './style-attribute.js';

/** Where a run of text sits. */
export interface MarkContext {
  /** Foreign HTML (a paste): its colours and a link's underline are the source's look, not formatting. */
  paste: boolean;
  inLink: boolean;
}

const TAG_MARKS: Record<string, string> = {
  strong: INLINE.bold,
  b: INLINE.bold,
  em: INLINE.italic,
  i: INLINE.italic,
  cite: INLINE.italic,
  u: INLINE.underline,
  ins: INLINE.underline,
  s: INLINE.strike,
  strike: INLINE.strike,
  del: INLINE.strike,
  code: INLINE.code,
  kbd: INLINE.code,
  samp: INLINE.code,
  tt: INLINE.code,
  sup: INLINE.sup,
  sub: INLINE.sub,
};

/** The marks of an element's content: its own tag and style applied over the marks around it. */
export function elementMarks(element: Element, tag: string, current: OrderedSet<string>, context: MarkContext): OrderedSet<string> {
  let marks = current;
  const tagMark = TAG_MARKS[tag];
  if (tagMark && !(context.paste && context.inLink && tagMark === INLINE.underline)) marks = marks.add(tagMark);
  if (tag === 'font') marks = withColor(marks, TEXT_COLOR_PREFIX, textColor(element.getAttribute('color'), context));
  const style = readStyle(element);
  if (style.size === 0) return marks;
  const weight = style.get('font-weight');
  if (weight) marks = /^(bold|bolder)$/i.test(weight) || Number(weight) >= 600 ? marks.add(INLINE.bold) : marks.remove(INLINE.bold);
  const fontStyle = style.get('font-style');
  if (fontStyle) marks = /^(italic|oblique)/i.test(fontStyle) ? marks.add(INLINE.italic) : marks.remove(INLINE.italic);
  const decoration = style.get('text-decoration-line') ?? style.get('text-decoration');
  if (decoration) {
    if (/underline/i.test(decoration) && !(context.paste && context.inLink)) marks = marks.add(INLINE.underline);
    if (/line-through/i.test(decoration)) marks = marks.add(INLINE.strike);
    if (/^none$/i.test(decoration)) marks = marks.remove(INLINE.underline).remove(INLINE.strike);
  }
  const vertical = style.get('vertical-align');
  if (vertical === 'super') marks = marks.remove(INLINE.sub).add(INLINE.sup);
  if (vertical === 'sub') marks = marks.remove(INLINE.sup).add(INLINE.sub);
  marks = withColor(marks, TEXT_COLOR_PREFIX, textColor(style.get('color'), context));
  const background = style.get('background-color') ?? singleColor(style.get('background')) ?? style.get('mso-highlight');
  marks = withColor(marks, BACKGROUND_COLOR_PREFIX, backgroundColor(background, context));
  return marks;
}

/**
 * A paste brings no colours: other documents' text and highlight colours (Word's named ones, Docs'
 * computed ones) are their look, not ours. Colours come from the toolbar, and the editor's own HTML keeps them.
 */
function textColor(value: string | null | undefined, context: MarkContext): string | null {
  return context.paste ? null : normalizeColor(value);
}

function backgroundColor(value: string | undefined, context: MarkContext): string | null {
  return context.paste ? null : normalizeColor(value);
}

/** "background: yellow" is a colour; "background: url(x) no-repeat" is not one we can keep. */
function singleColor(value: string | undefined): string | undefined {
  return value && !/\s/.test(value.trim()) ? value : undefined;
}

/** A nested colour overrides the outer one, as in CSS; null leaves the outer one. */
function withColor(marks: OrderedSet<string>, prefix: string, color: string | null): OrderedSet<string> {
  if (!color) return marks;
  return marks
    .filterNot((name) => Boolean(name?.startsWith(prefix)))
    .toOrderedSet()
    .add(`${prefix}${color}`);
}
