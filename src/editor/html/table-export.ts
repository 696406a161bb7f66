import type { TableData } from '../table-data.js';

/**
 * A table block as article HTML, spelled as the sanitiser writes it back: the header row in `<thead>`
 * with column headers (`scope="col"`), the other rows in `<tbody>`. Cells already hold article HTML.
 */
export function tableHtml(data: TableData): string {
  const [first, ...rest] = data.rows;
  const head = data.header && first ? `<thead>${rowHtml(first, 'th')}</thead>` : '';
  const bodyRows = data.header ? rest : data.rows;
  const body = bodyRows.length > 0 ? `<tbody>${bodyRows.map((row) => rowHtml(row, 'td')).join('')}</tbody>` : '';
  return `<table>${head}${body}</table>`;
}

function rowHtml(cells: string[], tag: 'th' | 'td'): string {
  const open = tag === 'th' ? '<th scope="col">' : '<td>';
  return `<tr>${cells.map((cell) => `${open}${cell}</${tag}>`).join('')}</tr>`;
}
