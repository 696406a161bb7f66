import { CharacterMetadata, ContentState, type ContentBlock } from './commonjs-deps.js';
import { BLOCK, ENTITY, INLINE, INLINE_IMAGE_CHAR } from '../schema.js';
import { SHEET_BOLD } from './sheet-bold.js';
import { readStyle } from './style-attribute.js';
import { MAX_COLUMNS, rectangular, toTableData, type TableData } from '../table-data.js';
import { imageTag, inlineHtml } from './export-html.js';

/** The tag as written: Word's <o:p> must not read as <p>. */
const tagOf = (node: Element) => node.nodeName.toLowerCase();

const isCell = (node: Element) => /^t[dh]$/.test(tagOf(node));

/** A table's rows in order: thead first, then tbody and bare rows as written, tfoot last (as a browser shows them). */
function rowsOf(table: Element): { row: Element; inHead: boolean }[] {
  const sections = Array.from(table.children);
  const rows = (section: Element) => Array.from(section.children).filter((child) => tagOf(child) === 'tr');
  const head = sections.filter((section) => tagOf(section) === 'thead').flatMap(rows);
  const foot = sections.filter((section) => tagOf(section) === 'tfoot').flatMap(rows);
  const body = sections.flatMap((section) => {
    const tag = tagOf(section);
    if (tag === 'tr') return [section];
    return tag === 'tbody' ? rows(section) : [];
  });
  return [...head.map((row) => ({ row, inHead: true })), ...[...body, ...foot].map((row) => ({ row, inHead: false }))];
}

/**
 * A `<table>` (pasted from Word, Excel, Google Docs or LibreOffice, or the article's own) as a table
 * block. Each cell is read as a small document by `readCell` (the same rules as any paste), then kept as
 * lines: a cell's paragraphs and list items are its lines. A cell spanning columns leaves empty cells after it.
 * The first row is the header when the source says so (a `<thead>`, a first row of `<th>` only) or, in a
 * paste, when it looks like one (`pastedHeaderRow`); a header cell's bold is the header's own look.
 */
export function readTable(table: Element, readCell: (cell: Element) => ContentState, options: { paste?: boolean } = {}): TableData {
  const rows = rowsOf(table).map(({ row, inHead }) => {
    const cells = Array.from(row.children).filter(isCell);
    return { row, inHead, cells, contents: cells.map(readCell) };
  });
  const first = rows[0];
  const header = Boolean(
    first &&
      (first.inHead ||
        (first.cells.length > 0 && first.cells.every((cell) => tagOf(cell) === 'th')) ||
        (options.paste && pastedHeaderRow(rows))),
  );
  const grid = rows.map(({ cells, contents }, index) =>
    cells.flatMap((cell, column) => {
      const span = Math.min(MAX_COLUMNS, Math.max(1, Number(cell.getAttribute('colspan')) || 1));
      const content = header && index === 0 && allBold(contents[column]!) ? withoutBold(contents[column]!) : contents[column]!;
      return [cellHtml(content), ...Array.from({ length: span - 1 }, () => '')];
    }),
  );
  return rectangular({ rows: grid, header });
}

interface ReadRow {
  row: Element;
  cells: Element[];
  contents: ContentState[];
}

/**
 * Excel, Google Docs and LibreOffice send a table's rows in <tbody> only, and Word writes no <thead>.
 * The first row is still its header when Word marks it as the table's header row (`mso-yfti-irow:-1`,
 * its "Linha de cabeçalho" style option), or when every cell of it is bold and the next row is not
 * (Excel's bold is a class of its style sheet, marked on the cell as data-sheet-bold by the paste).
 */
function pastedHeaderRow(rows: ReadRow[]): boolean {
  const [first, second] = rows;
  if (!first || !second || first.cells.length === 0) return false;
  if (readStyle(first.row).get('mso-yfti-irow') === '-1') return true;
  // An empty cell (the corner above a column of row names) neither makes nor breaks a bold row.
  const bold = (row: ReadRow) => {
    const filled = row.cells.map((cell, index) => ({ cell, content: row.contents[index]! })).filter(({ content }) => hasText(content));
    return filled.length > 0 && filled.every(({ cell, content }) => cell.hasAttribute(SHEET_BOLD) || allBold(content));
  };
  return bold(first) && !bold(second);
}

const isText = (char: string) => char.trim() !== '' && char !== INLINE_IMAGE_CHAR;

function hasText(content: ContentState): boolean {
  return content.getBlocksAsArray().some((block) => block.getType() !== BLOCK.atomic && [...block.getText()].some(isText));
}

/** Text in the cell, and all of it bold. */
function allBold(content: ContentState): boolean {
  if (!hasText(content)) return false;
  return content.getBlocksAsArray().every((block) => {
    const text = block.getText();
    const characters = block.getCharacterList();
    // By UTF-16 unit, as Draft keeps a character's styles (an emoji is two).
    for (let index = 0; index < text.length; index++) {
      if (isText(text.charAt(index)) && !characters.get(index).hasStyle(INLINE.bold)) return false;
    }
    return true;
  });
}

function withoutBold(content: ContentState): ContentState {
  const blocks = content.getBlocksAsArray().map(
    (block) => block.set('characterList', block.getCharacterList().map((character) => CharacterMetadata.removeStyle(character!, INLINE.bold))) as ContentBlock,
  );
  return ContentState.createFromBlockArray(blocks, content.getEntityMap());
}

/** A cell's content as lines of inline HTML: paragraphs, list items and a nested table's rows each a line. */
export function cellHtml(content: ContentState): string {
  return content
    .getBlocksAsArray()
    .flatMap((block) => linesOf(content, block))
    .join('<br />');
}

function linesOf(content: ContentState, block: ContentBlock): string[] {
  if (block.getType() !== BLOCK.atomic) return block.getText().trim() === '' ? [] : [inlineHtml(content, block)];
  const key = block.getEntityAt(0);
  if (!key) return [];
  const entity = content.getEntity(key);
  const data = entity.getData() as Record<string, unknown>;
  if (entity.getType() === ENTITY.image) return [imageTag(data)];
  if (entity.getType() === ENTITY.table) return toTableData(data).rows.map((row) => row.filter(Boolean).join(' | ')).filter(Boolean);
  return [];
}
