import { createContext, useContext, useLayoutEffect, useRef, useState, type ClipboardEvent, type SyntheticEvent } from 'react';
import type { LinkData } from '../entities.js';
import { readHtml } from '../html/import-html.js';
import { readPastedHtml } from '../html/paste-html.js';
import { cellHtml } from '../html/table-import.js';
import { columnCount, insertColumn, insertRow, removeColumn, removeRow, toggleHeader, withCell, type TableData } from '../table-data.js';
import { LinkDialog } from './link-dialog.js';

/**
 * What a table block asks of the editor. While focus is in a table (its cells, its bar, its link
 * dialog) the editor is read-only, as Draft's own examples do for blocks with inputs of their own:
 * otherwise Draft's handlers on the surface would take the cells' keys, pastes and selection as its own.
 */
export interface TableEditing {
  change(blockKey: string, data: TableData, typing: boolean): void;
  remove(blockKey: string): void;
  editing(active: boolean): void;
}

export const TableEditingContext = createContext<TableEditing>({ change: () => {}, remove: () => {}, editing: () => {} });

interface Place {
  row: number;
  column: number;
}

interface PendingLink {
  place: Place;
  range: Range | null;
  text: string;
}

/** A cell's DOM (the browser writes <b>, <div> per line) as the cell's stored HTML. */
const canonical = (html: string) => cellHtml(readHtml(html).content);

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** The events Draft's surface listens to, kept from it: they belong to the table's own inputs. */
const SHIELD = {
  onKeyDown: stop,
  onKeyUp: stop,
  onKeyPress: stop,
  onBeforeInput: stop,
  onInput: stop,
  onSelect: stop,
  onCopy: stop,
  onCut: stop,
  onPaste: stop,
  onCompositionStart: stop,
  onCompositionEnd: stop,
  onDragStart: stop,
  onDrop: stop,
  onMouseUp: stop,
};

const stillInTable = () => Boolean(document.activeElement?.closest('.rte-table, .rte-dialog'));

export function TableBlock({ blockKey, data }: { blockKey: string; data: TableData }) {
  const editor = useContext(TableEditingContext);
  const [active, setActive] = useState<Place>({ row: 0, column: 0 });
  const [link, setLink] = useState<PendingLink | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const place = { row: Math.min(active.row, data.rows.length - 1), column: Math.min(active.column, columnCount(data) - 1) };

  const cellElement = (at: Place) => root.current?.querySelector<HTMLElement>(`[data-cell="${at.row}-${at.column}"]`) ?? null;

  const leave = () => {
    // Focus moving from one cell to another passes through <body>: wait for it to land.
    setTimeout(() => {
      if (!stillInTable()) editor.editing(false);
    }, 0);
  };

  const structural = (next: TableData) => editor.change(blockKey, next, false);

  const format = (command: 'bold' | 'italic') => {
    document.execCommand(command);
    cellElement(place)?.dispatchEvent(new Event('input', { bubbles: true }));
  };

  const openLink = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    const inCell = range && cellElement(place)?.contains(range.commonAncestorContainer) ? range : null;
    editor.editing(true);
    setLink({ place, range: inCell, text: inCell?.toString() ?? '' });
  };

  const applyLink = (pending: PendingLink, data: LinkData, text: string) => {
    setLink(null);
    // While the modal dialog is open the rest of the page is inert: the cell takes focus once it has closed.
    setTimeout(() => insertLink(pending, data, text), 0);
  };

  const insertLink = (pending: PendingLink, data: LinkData, text: string) => {
    const cell = cellElement(pending.place);
    if (!cell) return;
    cell.focus();
    const selection = window.getSelection();
    if (pending.range && selection) {
      selection.removeAllRanges();
      selection.addRange(pending.range);
    } else placeCaretAtEnd(cell);
    const anchor = document.createElement('a');
    anchor.href = data.href;
    if (data.target) anchor.target = data.target;
    anchor.textContent = text;
    document.execCommand('insertHTML', false, anchor.outerHTML);
    cell.dispatchEvent(new Event('input', { bubbles: true }));
  };

  const buttons: { label: string; symbol: string; run: () => void; pressed?: boolean; disabled?: boolean }[] = [
    { label: 'Negrito na célula', symbol: 'N', run: () => format('bold') },
    { label: 'Itálico na célula', symbol: 'I', run: () => format('italic') },
    { label: 'Link na célula', symbol: '🔗', run: openLink },
    { label: 'Linha de cabeçalho', symbol: 'Cab.', run: () => structural(toggleHeader(data)), pressed: data.header },
    { label: 'Inserir linha abaixo', symbol: '+ Linha', run: () => structural(insertRow(data, place.row)) },
    { label: 'Remover linha', symbol: '− Linha', run: () => structural(removeRow(data, place.row)), disabled: data.rows.length <= 1 },
    { label: 'Inserir coluna à direita', symbol: '+ Coluna', run: () => structural(insertColumn(data, place.column)) },
    { label: 'Remover coluna', symbol: '− Coluna', run: () => structural(removeColumn(data, place.column)), disabled: columnCount(data) <= 1 },
    { label: 'Excluir tabela', symbol: 'Excluir', run: () => editor.remove(blockKey) },
  ];

  const [head, ...rest] = data.rows;
  const bodyRows = data.header ? rest : data.rows;
  const offset = data.header ? 1 : 0;
  const cells = (row: string[], rowIndex: number, tag: 'th' | 'td') =>
    row.map((html, column) => {
      const Tag = tag;
      return (
        <Tag key={column} scope={tag === 'th' ? 'col' : undefined}>
          <TableCell
            html={html}
            place={{ row: rowIndex, column }}
            onFocus={() => setActive({ row: rowIndex, column })}
            onChange={(next) => {
              if (next !== data.rows[rowIndex]?.[column]) editor.change(blockKey, withCell(data, rowIndex, column, next), true);
            }}
          />
        </Tag>
      );
    });

  return (
    <div
      ref={root}
      className="rte-table"
      {...SHIELD}
      onFocus={(event) => {
        event.stopPropagation();
        editor.editing(true);
      }}
      onBlur={(event) => {
        event.stopPropagation();
        leave();
      }}
    >
      <div className="rte-table-bar" role="toolbar" aria-label="Tabela">
        {buttons.map((button) => (
          <button
            key={button.label}
            type="button"
            className="rte-table-button"
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed}
            disabled={button.disabled}
            // The cell keeps its focus and selection: the button acts on them.
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
          >
            <span aria-hidden="true">{button.symbol}</span>
          </button>
        ))}
      </div>
      <div className="rte-table-scroll">
        <table>
          {data.header && head && (
            <thead>
              <tr>{cells(head, 0, 'th')}</tr>
            </thead>
          )}
          {bodyRows.length > 0 && (
            <tbody>
              {bodyRows.map((row, index) => (
                <tr key={index + offset}>{cells(row, index + offset, 'td')}</tr>
              ))}
            </tbody>
          )}
        </table>
      </div>
      {link && (
        <LinkDialog
          initial={{ href: '', text: link.text, newTab: true }}
          onClose={() => {
            setLink(null);
            setTimeout(() => cellElement(link.place)?.focus(), 0);
          }}
          onSave={(data, text) => applyLink(link, data, text)}
        />
      )}
    </div>
  );
}

interface TableCellProps {
  html: string;
  place: Place;
  onFocus: () => void;
  onChange: (html: string) => void;
}

/**
 * One cell: the browser's own editable text (Ctrl+B, Ctrl+I, Enter for a new line), read back into the
 * schema on every change. Its DOM is left alone while it has focus: writing the stored spelling back
 * (<strong> for the browser's <b>) under the caret would move the caret.
 */
function TableCell({ html, place, onFocus, onChange }: TableCellProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const cell = ref.current;
    if (cell && document.activeElement !== cell && cell.innerHTML !== html) cell.innerHTML = html;
  }, [html]);

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const pastedHtml = event.clipboardData.getData('text/html');
    if (pastedHtml) document.execCommand('insertHTML', false, cellHtml(readPastedHtml(pastedHtml).content));
    else document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
  };

  return (
    <div
      ref={ref}
      className="rte-table-cell"
      data-cell={`${place.row}-${place.column}`}
      contentEditable
      suppressContentEditableWarning
      role="textbox"
      aria-multiline="true"
      aria-label={`Linha ${place.row + 1}, coluna ${place.column + 1}`}
      spellCheck
      onFocus={onFocus}
      onBlur={() => {
        // The stored spelling goes back once the caret has left.
        if (ref.current && ref.current.innerHTML !== html) ref.current.innerHTML = html;
      }}
      onInput={(event) => onChange(canonical(event.currentTarget.innerHTML))}
      onPaste={onPaste}
    />
  );
}

function placeCaretAtEnd(element: HTMLElement): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
