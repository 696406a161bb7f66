import { BLOCK, HEADING_TYPES, headingLevel } from '../schema.js';
import { PopupButton } from './popup-button.js';

interface HeadingMenuProps {
  blockType: string;
  disabled?: boolean;
  onPick: (type: string) => void;
}

const OPTIONS = [
  { type: BLOCK.paragraph, label: 'Parágrafo' },
  ...HEADING_TYPES.map((type, index) => ({ type, label: `Título ${index + 1}` })),
];

/** Headings 1 to 6 as a menu; choosing the active one (or "Parágrafo") goes back to a paragraph. */
export function HeadingMenu({ blockType, disabled, onPick }: HeadingMenuProps) {
  const level = headingLevel(blockType);
  return (
    <PopupButton
      label="Títulos"
      disabled={disabled}
      pressed={level > 0}
      className="rte-heading-button"
      content={<span aria-hidden="true">{level > 0 ? `T${level}` : 'T'} ▾</span>}
    >
      {(close) => (
        <ul className="rte-heading-list">
          {OPTIONS.map((option) => (
            <li key={option.type}>
              <button
                type="button"
                className={`rte-heading-option rte-heading-${option.type}`}
                aria-pressed={blockType === option.type}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  close();
                  onPick(option.type);
                }}
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </PopupButton>
  );
}
