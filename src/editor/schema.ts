/**
 * The editor's document schema (spec section 3) expressed in Draft.js terms.
 * Everything else (conversion, toolbar, input rules) reads these names so they cannot drift apart.
 */

export const INLINE = {
  bold: 'BOLD',
  italic: 'ITALIC',
  underline: 'UNDERLINE',
  strike: 'STRIKETHROUGH',
  code: 'CODE',
  sup: 'SUPERSCRIPT',
  sub: 'SUBSCRIPT',
} as const;

export type InlineStyleName = (typeof INLINE)[keyof typeof INLINE];

/** Colour marks carry their value in the style name: Draft styles are plain strings. */
export const TEXT_COLOR_PREFIX = 'COLOR-';
export const BACKGROUND_COLOR_PREFIX = 'BG-';

export const HEADING_TYPES = [
  'header-one',
  'header-two',
  'header-three',
  'header-four',
  'header-five',
  'header-six',
] as const;

export type HeadingType = (typeof HEADING_TYPES)[number];

export const BLOCK = {
  paragraph: 'unstyled',
  blockquote: 'blockquote',
  code: 'code-block',
  ordered: 'ordered-list-item',
  bullet: 'unordered-list-item',
  atomic: 'atomic',
} as const;

/**
 * PENDING_IMAGE holds the spot of a pasted data: image while the form uploads it (the article cannot
 * keep data: addresses); the stored image replaces it, and until then the article HTML leaves it out.
 * TABLE is a whole table in one atomic block (src/editor/table-data.ts).
 */
export const ENTITY = { link: 'LINK', image: 'IMAGE', rule: 'HR', pendingImage: 'PENDING_IMAGE', table: 'TABLE' } as const;

export type Alignment = 'left' | 'center' | 'right' | 'justify';
export const ALIGNMENTS: readonly Alignment[] = ['left', 'center', 'right', 'justify'];

/** Indent of paragraphs, headings and quotes: 40 px per level, 0 to 10 levels. */
export const INDENT_STEP_PX = 40;
export const MAX_INDENT = 10;
/** Draft's stylesheet indents list items down to depth 4 only. */
export const MAX_LIST_DEPTH = 4;

export const UNDO_DEPTH = 100;
export const TYPING_GROUP_MS = 500;

/** Two rows of eight, as in the spec's colour popup. */
export const COLOR_PRESETS = [
  '#000000', '#434343', '#666666', '#999999', '#b7b7b7', '#d9d9d9', '#efefef', '#ffffff',
  '#980000', '#ff0000', '#ff9900', '#ffff00', '#00ff00', '#00ffff', '#4a86e8', '#0000ff',
] as const;

export const COLOR_NAMES: Record<(typeof COLOR_PRESETS)[number], string> = {
  '#000000': 'preto',
  '#434343': 'cinza-escuro 4',
  '#666666': 'cinza-escuro 3',
  '#999999': 'cinza-escuro 2',
  '#b7b7b7': 'cinza-escuro 1',
  '#d9d9d9': 'cinza',
  '#efefef': 'cinza-claro',
  '#ffffff': 'branco',
  '#980000': 'vermelho-escuro',
  '#ff0000': 'vermelho',
  '#ff9900': 'laranja',
  '#ffff00': 'amarelo',
  '#00ff00': 'verde',
  '#00ffff': 'ciano',
  '#4a86e8': 'azul-claro',
  '#0000ff': 'azul',
};

export interface BlockAttributes {
  align?: Alignment;
  indent?: number;
  /** First item of an ordered list that does not start at 1 (<ol start>). */
  start?: number;
}

/**
 * An image inside running text is one character of its paragraph carrying the IMAGE entity
 * (the object replacement character); an image alone in a paragraph is an atomic block.
 */
export const INLINE_IMAGE_CHAR = '\uFFFC';

export function headingLevel(type: string): number {
  return HEADING_TYPES.indexOf(type as HeadingType) + 1;
}

export function acceptsAlignment(type: string): boolean {
  return type === BLOCK.paragraph || type === BLOCK.atomic || headingLevel(type) > 0;
}

export function acceptsIndent(type: string): boolean {
  return type === BLOCK.paragraph || type === BLOCK.blockquote || headingLevel(type) > 0;
}

export function isListType(type: string): boolean {
  return type === BLOCK.ordered || type === BLOCK.bullet;
}
