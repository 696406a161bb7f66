/**
 * The table block's data (issue 34): a grid of cells, each cell's text as inline article HTML (marks,
 * links, `<br />` between lines) spelled exactly as the article HTML writes it, and whether the first
 * row is the header. Kept in the TABLE entity of an atomic block, so a whole table is one block of the
 * document: undo, copy, the local draft and the HTML switch handle it as they handle an image.
 */
export interface TableData {
  rows: string[][];
  /** The first row is the table's header (`<thead>`, `<th scope="col">`). */
  header: boolean;
}

export const NEW_TABLE_SIZE = { rows: 3, columns: 3 } as const;
/** A pasted table wider than this keeps its first columns' worth of cells in a readable page. */
export const MAX_COLUMNS = 20;

/** The data as stored (a restored draft, a copy from another tab): rectangular, strings only, at least one cell. */
export function toTableData(raw: Record<string, unknown>): TableData {
  const rows = Array.isArray(raw.rows) ? raw.rows.filter(Array.isArray).map((row: unknown[]) => row.map((cell) => (typeof cell === 'string' ? cell : ''))) : [];
  return rectangular({ rows, header: raw.header === true });
}

/** Rows padded to the widest one (a pasted row with fewer cells, a cell that spanned columns). */
export function rectangular(data: TableData): TableData {
  const nonEmpty = data.rows.filter((row) => row.length > 0);
  const rows = nonEmpty.length > 0 ? nonEmpty : [['']];
  const width = Math.min(MAX_COLUMNS, Math.max(...rows.map((row) => row.length)));
  return { header: data.header && rows.length > 0, rows: rows.map((row) => Array.from({ length: width }, (_, column) => row[column] ?? '')) };
}

export function emptyTable(rows: number = NEW_TABLE_SIZE.rows, columns: number = NEW_TABLE_SIZE.columns): TableData {
  return { header: true, rows: Array.from({ length: rows }, () => Array.from({ length: columns }, () => '')) };
}

export function columnCount(data: TableData): number {
  return data.rows[0]?.length ?? 0;
}

export function withCell(data: TableData, row: number, column: number, html: string): TableData {
  return { ...data, rows: data.rows.map((cells, at) => (at === row ? cells.map((cell, index) => (index === column ? html : cell)) : cells)) };
}

export function insertRow(data: TableData, after: number): TableData {
  const rows = [...data.rows];
  rows.splice(after + 1, 0, Array.from({ length: columnCount(data) }, () => ''));
  return { ...data, rows };
}

/** The last row stays: a table without rows is removed as a block instead. */
export function removeRow(data: TableData, row: number): TableData {
  if (data.rows.length <= 1) return data;
  return { ...data, rows: data.rows.filter((_, at) => at !== row) };
}

export function insertColumn(data: TableData, after: number): TableData {
  if (columnCount(data) >= MAX_COLUMNS) return data;
  return { ...data, rows: data.rows.map((cells) => [...cells.slice(0, after + 1), '', ...cells.slice(after + 1)]) };
}

export function removeColumn(data: TableData, column: number): TableData {
  if (columnCount(data) <= 1) return data;
  return { ...data, rows: data.rows.map((cells) => cells.filter((_, at) => at !== column)) };
}

export function toggleHeader(data: TableData): TableData {
  return { ...data, header: !data.header };
}
