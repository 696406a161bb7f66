import { COLOR_NAMES, COLOR_PRESETS } from '../schema.js';
import { PopupButton } from './popup-button.js';

interface ColorPopupProps {
  label: string;
  symbol: string;
  current: string | null;
  disabled?: boolean;
  onPick: (color: string | null) => void;
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
          <div className="rte-swatches">
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
