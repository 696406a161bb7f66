// @vitest-environment happy-dom
import { convertFromRaw, EditorState } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { scrollableTables } from '../../../src/content/scrollable-tables.js';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { readPastedHtml } from '../../../src/editor/html/paste-html.js';
import { rawOf } from '../../../src/editor/html/raw-snapshot.js';
import { insertFragment } from '../../../src/editor/state/insert-fragment.js';
import { insertTable, removeTable, replaceTable, tableOf } from '../../../src/editor/state/table-commands.js';
import { emptyTable, insertColumn, insertRow, MAX_COLUMNS, removeColumn, removeRow, toggleHeader, toTableData, withCell } from '../../../src/editor/table-data.js';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';

const TABLE =
  '<table><thead><tr><th scope="col">Exame</th><th scope="col">Resultado</th></tr></thead>' +
  '<tbody><tr><td><strong>Glicemia</strong> em <em>jejum</em></td><td>92 mg/dL<br />normal</td></tr>' +
  '<tr><td><a href="https://exemplo.com.br/hba1c" target="_blank" rel="noopener noreferrer">HbA1c</a></td><td></td></tr></tbody></table>';

const roundTrip = (html: string) => contentToHtml(htmlToContent(html));

describe('table block: conversion', () => {
  it('keeps a table with its header row, cells with bold, italic, links and line breaks, through the HTML switch and the sanitiser', () => {
    expect(roundTrip(TABLE)).toBe(TABLE);
    expect(sanitizeArticleHtml(TABLE)).toBe(TABLE);
    expect(roundTrip(`<p>antes</p>${TABLE}<p>depois</p>`)).toBe(`<p>antes</p>${TABLE}<p>depois</p>`);
  });

  it('reads a table without a header as rows of <tbody>, and the formatter\'s whitespace as nothing', () => {
    expect(roundTrip('<table>\n  <tr>\n    <td>\n      a\n    </td>\n    <td>b</td>\n  </tr>\n</table>')).toBe('<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>');
  });

  it('keeps the items of a list inside a cell as its lines, and a cell spanning columns as the cell and empty ones', () => {
    expect(roundTrip('<table><tr><td><ul><li>um</li><li>dois</li></ul></td><td>x</td></tr><tr><td colspan="2">junto</td></tr></table>')).toBe(
      '<table><tbody><tr><td>um<br />dois</td><td>x</td></tr><tr><td>junto</td><td></td></tr></tbody></table>',
    );
  });

  it('pads short rows, takes a table\'s <thead> first and its caption as the paragraph before it', () => {
    expect(roundTrip('<table><caption>Legenda</caption><tbody><tr><td>1</td></tr></tbody><thead><tr><th>A</th><th>B</th></tr></thead></table>')).toBe(
      '<p>Legenda</p><table><thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead><tbody><tr><td>1</td><td></td></tr></tbody></table>',
    );
  });

  it('reads a table nested in a cell as lines of that cell', () => {
    const { content } = readPastedHtml('<table><tr><td><table><tr><td>a</td><td>b</td></tr></table></td></tr></table>');
    expect(contentToHtml(content)).toBe('<table><tbody><tr><td>a | b</td></tr></tbody></table>');
  });

  it('a pasted table without <thead> gets its first row as header when Word marks it, or when all of it is bold and the next row is not (issue 34)', () => {
    const pasted = (html: string) => contentToHtml(readPastedHtml(html).content);
    // Word's header row ("Linha de cabeçalho" of the table style): mso-yfti-irow:-1, not bold here.
    expect(
      pasted(
        "<table class=MsoTable15Grid4Accent1><tr style='mso-yfti-irow:-1;mso-yfti-firstrow:yes;mso-yfti-lastfirstrow:yes'><td><p class=MsoNormal style='mso-yfti-cnfc:5'>Dose</p></td></tr><tr style='mso-yfti-irow:0;mso-yfti-lastrow:yes'><td><p class=MsoNormal>5 mg</p></td></tr></table>",
      ),
    ).toBe('<table><thead><tr><th scope="col">Dose</th></tr></thead><tbody><tr><td>5 mg</td></tr></tbody></table>');
    // Bold in every filled cell (the empty corner does not count): the bold is the header's own look; a partly bold cell keeps its bold.
    expect(pasted('<table><tr><td></td><td><b>Manhã</b></td><td><strong>Noite</strong> <strong>(22 h)</strong></td></tr><tr><td>Dose</td><td>5 mg</td><td>10 mg</td></tr></table>')).toBe(
      '<table><thead><tr><th scope="col"></th><th scope="col">Manhã</th><th scope="col">Noite (22 h)</th></tr></thead><tbody><tr><td>Dose</td><td>5 mg</td><td>10 mg</td></tr></tbody></table>',
    );
    // Otherwise no header: a cell of the first row not all bold, every row bold, a table of one row.
    expect(pasted('<table><tr><td><b>Dose</b></td><td><b>Via</b> oral</td></tr><tr><td>5 mg</td><td>oral</td></tr></table>')).toBe(
      '<table><tbody><tr><td><strong>Dose</strong></td><td><strong>Via</strong> oral</td></tr><tr><td>5 mg</td><td>oral</td></tr></tbody></table>',
    );
    expect(pasted('<table><tr><td><b>a</b></td></tr><tr><td><b>b</b></td></tr></table>')).toBe(
      '<table><tbody><tr><td><strong>a</strong></td></tr><tr><td><strong>b</strong></td></tr></tbody></table>',
    );
    expect(pasted('<table><tr><td><b>a</b></td></tr></table>')).toBe('<table><tbody><tr><td><strong>a</strong></td></tr></tbody></table>');
    // The editor's own HTML (the HTML switch) is read as written: a bold first row of <td> stays a row of the body.
    const stored = '<table><tbody><tr><td><strong>a</strong></td></tr><tr><td>b</td></tr></tbody></table>';
    expect(roundTrip(stored)).toBe(stored);
  });

  it('a pasted Excel range whose first row is bold through the clipboard\'s style sheet gets it as header, and nothing else of the sheet (issue 34)', () => {
    const sheet = '<style><!--td {font-weight:400;} .xl65 {font-weight:700; font-family:Calibri, sans-serif;} .xl66 {mso-number-format:"0\\.0%";}--></style>';
    const { content } = readPastedHtml(`<html><head>${sheet}</head><body><table><tr><td class=xl65>Idade</td><td class=xl65>Casos</td></tr><tr><td>0 a 4</td><td class=xl66>12,5%</td></tr><tr><td class=xl65>Total</td><td>99</td></tr></table></body></html>`);
    expect(contentToHtml(content)).toBe(
      '<table><thead><tr><th scope="col">Idade</th><th scope="col">Casos</th></tr></thead><tbody><tr><td>0 a 4</td><td>12,5%</td></tr><tr><td>Total</td><td>99</td></tr></tbody></table>',
    );
  });

  it('no longer announces a pasted table: nothing of it is lost', () => {
    expect(readPastedHtml('<table><tr><td>a</td></tr></table>').notices.size).toBe(0);
  });
});

describe('table block: the sanitiser', () => {
  it('keeps table markup and drops its presentation attributes and anything unsafe in cells', () => {
    expect(
      sanitizeArticleHtml('<table border="1" style="width:100%" onclick="x()"><tbody><tr style="height:2px"><td colspan="2" class="xl65" style="color:red">a<script>x()</script></td></tr></tbody></table>'),
    ).toBe('<table><tbody><tr><td>a</td></tr></tbody></table>');
    expect(sanitizeArticleHtml('<table><thead><tr><th scope="row">a</th><th scope="col">b</th></tr></thead></table>')).toBe(
      '<table><thead><tr><th>a</th><th scope="col">b</th></tr></thead></table>',
    );
  });
});

describe('table block: the public page', () => {
  it('puts each table in a named, focusable box that scrolls sideways', () => {
    expect(scrollableTables(`<p>x</p>${TABLE}${TABLE}`)).toBe(
      `<p>x</p><div class="article-table" role="region" aria-label="Tabela 1" tabindex="0">${TABLE}</div>` +
        `<div class="article-table" role="region" aria-label="Tabela 2" tabindex="0">${TABLE}</div>`,
    );
  });
});

describe('table block: rows, columns and header', () => {
  it('adds and removes rows and columns where the cell is, never below one of each', () => {
    const table = withCell(emptyTable(2, 2), 1, 1, 'x');
    expect(insertRow(table, 0).rows).toEqual([['', ''], ['', ''], ['', 'x']]);
    expect(insertColumn(table, 0).rows).toEqual([['', '', ''], ['', '', 'x']]);
    expect(removeRow(table, 0).rows).toEqual([['', 'x']]);
    expect(removeColumn(table, 0).rows).toEqual([[''], ['x']]);
    expect(removeRow(emptyTable(1, 2), 0).rows).toHaveLength(1);
    expect(removeColumn(emptyTable(2, 1), 0).rows).toEqual([[''], ['']]);
    expect(toggleHeader(table).header).toBe(false);
    const wide = emptyTable(1, MAX_COLUMNS);
    expect(insertColumn(wide, 0)).toBe(wide);
  });

  it('reads stored data defensively: rectangular, strings only', () => {
    expect(toTableData({ rows: [['a', 1], ['b', 'c', 'd'], 'x'], header: 'yes' })).toEqual({ header: false, rows: [['a', '', ''], ['b', 'c', 'd']] });
    expect(toTableData({})).toEqual({ header: false, rows: [['']] });
  });
});

describe('table block: editor state', () => {
  it('inserts a 3×3 table with a header row, changes it as new data, and removes it', () => {
    const inserted = insertTable(EditorState.createEmpty());
    const block = inserted.getCurrentContent().getBlocksAsArray().find((candidate) => candidate.getType() === 'atomic')!;
    expect(tableOf(inserted, block.getKey())).toEqual(emptyTable());
    const typed = replaceTable(inserted, block.getKey(), withCell(emptyTable(), 0, 0, '<strong>Dose</strong>'), true);
    expect(contentToHtml(typed.getCurrentContent())).toContain('<thead><tr><th scope="col"><strong>Dose</strong></th><th scope="col"></th>');
    // The table before the change is still there to undo to.
    expect(tableOf(EditorState.undo(typed), block.getKey())).toEqual(emptyTable());
    const removed = removeTable(typed, block.getKey());
    expect(removed.getCurrentContent().getBlockForKey(block.getKey())).toBeUndefined();
    expect(contentToHtml(removed.getCurrentContent())).toBe('');
    // Alone in the document, it leaves a paragraph to write in.
    const alone = EditorState.createWithContent(htmlToContent(TABLE));
    const onlyKey = alone.getCurrentContent().getFirstBlock().getKey();
    expect(removeTable(alone, onlyKey).getCurrentContent().getBlockForKey(onlyKey).getType()).toBe('unstyled');
  });

  it('groups a run of typing in one cell into one undo step, as typing in text is', () => {
    const inserted = insertTable(EditorState.createEmpty());
    const key = inserted.getCurrentContent().getBlocksAsArray().find((candidate) => candidate.getType() === 'atomic')!.getKey();
    let state = inserted;
    for (const text of ['D', 'Do', 'Dos', 'Dose']) state = replaceTable(state, key, withCell(emptyTable(), 1, 0, text), true);
    expect(tableOf(EditorState.undo(state), key)).toEqual(emptyTable());
  });

  it('pasted alone into an empty paragraph, is a table, not a paragraph of one space', () => {
    const empty = EditorState.createEmpty();
    const pasted = insertFragment(empty, readPastedHtml('<table><tr><td>a</td></tr></table>').content.getBlockMap());
    expect(contentToHtml(pasted.getCurrentContent())).toBe('<table><tbody><tr><td>a</td></tr></tbody></table>');
  });

  it('survives the local draft (raw snapshot) unchanged', () => {
    const content = htmlToContent(TABLE);
    expect(contentToHtml(convertFromRaw(JSON.parse(JSON.stringify(rawOf(content)))))).toBe(TABLE);
  });
});
