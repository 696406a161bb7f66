import type { KeyboardEvent } from 'react';
import { COLOR_NAMES, COLOR_PRESETS } from '../schema.js';
import { PopupButton } from './popup-button.js';

interface ColorPopupProps {
  label: string;
  symbol: string;
  current: string | null;
  disabled?: boolean;
  onPick: (color: string | null) => void;
}

const COLUMNS = 8;

/** Arrow keys move within the grid of swatches (two rows of eight), Home and End to the ends of a row. */
function moveInGrid(event: KeyboardEvent<HTMLDivElement>) {
  const swatches = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('.rte-swatch'));
  const index = swatches.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const row = Math.floor(index / COLUMNS) * COLUMNS;
  const target =
    event.key === 'ArrowRight' ? Math.min(index + 1, swatches.length - 1)
    : event.key === 'ArrowLeft' ? Math.max(index - 1, 0)
    : event.key === 'ArrowDown' ? (index + COLUMNS < swatches.length ? index + COLUMNS : index)
    : event.key === 'ArrowUp' ? (index - COLUMNS >= 0 ? index - COLUMNS : index)
    : event.key === 'Home' ? row
    : event.key === 'End' ? Math.min(row + COLUMNS, swatches.length) - 1
    : -1;
  if (target < 0) return;
  event.preventDefault();
  event.stopPropagation();
  swatches[target]!.focus();
}

/** 16 preset colours in two rows of 8, plus "remover cor" (spec section 2). */
export function ColorPopup({ label, symbol, current, disabled, onPick }: ColorPopupProps) {
  return (
    <PopupButton
      label={label}
      disabled={disabled}
      pressed={current !== null}
      content={
        <span className="rte-color-symbol" aria-hidden="true">
          {symbol}
          <span className="rte-color-bar" style={{ backgroundColor: current ?? 'transparent' }} />
        </span>
      }
    >
      {(close) => (
        <div className="rte-color-popup">
          <div className="rte-swatches" role="group" aria-label={`${label}: cores`} onKeyDown={moveInGrid}>
            {COLOR_PRESETS.map((color) => (
              <button
                key={color}
                type="button"
                className="rte-swatch"
                style={{ backgroundColor: color }}
                aria-label={`${COLOR_NAMES[color]} (${color})`}
                title={COLOR_NAMES[color]}
                aria-pressed={current === color}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  close();
                  onPick(color);
                }}
              />
            ))}
          </div>
          <button
            type="button"
            className="rte-secondary rte-remove-color"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              close();
              onPick(null);
            }}
          >
            Remover cor
          </button>
        </div>
      )}
    </PopupButton>
  );
}
