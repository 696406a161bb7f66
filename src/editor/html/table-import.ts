import type { ContentBlock, ContentState } from 'draft-js';
import { BLOCK, ENTITY } from '../schema.js';
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
 * lines: a cell's paragraphs and list items are its lines. The first row is the header when the source
 * says so (a `<thead>`, or a first row of `<th>` only); a cell spanning columns leaves empty cells after it.
 */
export function readTable(table: Element, readCell: (cell: Element) => ContentState): TableData {
  const rows = rowsOf(table).map(({ row, inHead }) => ({ cells: Array.from(row.children).filter(isCell), inHead }));
  const grid = rows.map(({ cells }) =>
    cells.flatMap((cell) => {
      const span = Math.min(MAX_COLUMNS, Math.max(1, Number(cell.getAttribute('colspan')) || 1));
      return [cellHtml(readCell(cell)), ...Array.from({ length: span - 1 }, () => '')];
    }),
  );
  const first = rows[0];
  const header = Boolean(first && (first.inHead || (first.cells.length > 0 && first.cells.every((cell) => tagOf(cell) === 'th'))));
  return rectangular({ rows: grid, header });
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
