import { useRef, type ReactNode } from 'react';
import type { ActiveFormats } from '../state/active-formats.js';
import { BACKGROUND_COLOR_PREFIX, BLOCK, INLINE, TEXT_COLOR_PREFIX, type Alignment, type InlineStyleName } from '../schema.js';
import { ColorPopup } from './color-popup.js';
import { HeadingMenu } from './heading-menu.js';
import { AlignIcon, ImageIcon, LinkIcon } from './icons.js';
import { useRovingFocus } from './use-roving-focus.js';

export type ToolbarAction =
  | { kind: 'mark'; style: InlineStyleName }
  | { kind: 'block'; type: string }
  | { kind: 'align'; align: Alignment }
  | { kind: 'color'; prefix: string; color: string | null }
  | { kind: 'link' | 'image' | 'table' | 'rule' | 'clear' | 'indent' | 'outdent' | 'undo' | 'redo' };

interface ToolbarProps {
  active: ActiveFormats;
  disabled: boolean;
  onAction: (action: ToolbarAction) => void;
}

interface ButtonSpec {
  label: string;
  symbol: ReactNode;
  action: ToolbarAction;
  pressed?: boolean;
  disabled?: boolean;
}

const ALIGN_LABELS: Record<Alignment, string> = {
  left: 'Alinhar à esquerda',
  center: 'Centralizar',
  right: 'Alinhar à direita',
  justify: 'Justificar',
};

export function Toolbar({ active, disabled, onAction }: ToolbarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(ref);
  const mark = (style: InlineStyleName, label: string, symbol: ReactNode): ButtonSpec => ({
    label,
    symbol,
    action: { kind: 'mark', style },
    pressed: active.marks.has(style),
    disabled: active.inCode,
  });
  const block = (type: string, label: string, symbol: ReactNode): ButtonSpec => ({
    label,
    symbol,
    action: { kind: 'block', type },
    pressed: active.blockType === type,
  });
  const align = (value: Alignment): ButtonSpec => ({
    label: ALIGN_LABELS[value],
    symbol: <AlignIcon align={value} />,
    action: { kind: 'align', align: value },
    pressed: active.align === value,
  });

  const groups: (ButtonSpec[] | ReactNode)[] = [
    [mark(INLINE.bold, 'Negrito (Ctrl+B)', <b>N</b>), mark(INLINE.italic, 'Itálico (Ctrl+I)', <i>I</i>)],
    [mark(INLINE.underline, 'Sublinhado (Ctrl+U)', <u>S</u>), mark(INLINE.strike, 'Tachado', <s>T</s>)],
    [mark(INLINE.code, 'Código (Ctrl+`)', '</>'), block(BLOCK.blockquote, 'Citação', '❝')],
    [block(BLOCK.ordered, 'Lista numerada', '1.'), block(BLOCK.bullet, 'Lista com marcadores', '•')],
    <div key="titulos" className="rte-group">
      <HeadingMenu blockType={active.blockType} disabled={disabled} onPick={(type) => onAction({ kind: 'block', type })} />
    </div>,
    [
      { label: 'Link (Ctrl+K)', symbol: <LinkIcon />, action: { kind: 'link' }, pressed: active.link, disabled: active.inCode },
      { label: 'Imagem', symbol: <ImageIcon />, action: { kind: 'image' } },
      { label: 'Tabela', symbol: '▦', action: { kind: 'table' }, disabled: active.inCode },
    ],
    <div key="cores" className="rte-group">
      <ColorPopup
        label="Cor do texto"
        symbol="A"
        current={active.textColor}
        disabled={disabled || active.inCode}
        onPick={(color) => onAction({ kind: 'color', prefix: TEXT_COLOR_PREFIX, color })}
      />
      <ColorPopup
        label="Cor de fundo"
        symbol="▨"
        current={active.backgroundColor}
        disabled={disabled || active.inCode}
        onPick={(color) => onAction({ kind: 'color', prefix: BACKGROUND_COLOR_PREFIX, color })}
      />
    </div>,
    [align('left'), align('center'), align('right'), align('justify')],
    [
      { label: 'Linha horizontal', symbol: '―', action: { kind: 'rule' } },
      { label: 'Limpar formatação', symbol: 'T̸', action: { kind: 'clear' } },
      { label: 'Aumentar recuo', symbol: '⇥', action: { kind: 'indent' } },
      { label: 'Diminuir recuo', symbol: '⇤', action: { kind: 'outdent' } },
    ],
    [mark(INLINE.sup, 'Sobrescrito', <>x<sup>2</sup></>), mark(INLINE.sub, 'Subscrito', <>x<sub>2</sub></>)],
    [
      { label: 'Desfazer (Ctrl+Z)', symbol: '↶', action: { kind: 'undo' }, disabled: !active.canUndo },
      { label: 'Refazer (Ctrl+Y)', symbol: '↷', action: { kind: 'redo' }, disabled: !active.canRedo },
    ],
  ];

  return (
    <div ref={ref} className="rte-toolbar" role="toolbar" aria-label="Formatação do conteúdo" onFocus={roving.onFocus} onKeyDown={roving.onKeyDown}>
      {groups.map((group, index) =>
        Array.isArray(group) ? (
          <div key={index} className="rte-group">
            {group.map((spec) => (
              <button
                key={spec.label}
                type="button"
                className="rte-button"
                aria-label={spec.label}
                title={spec.label}
                aria-pressed={isToggle(spec.action) ? Boolean(spec.pressed) : undefined}
                disabled={disabled || spec.disabled}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onAction(spec.action)}
              >
                <span aria-hidden="true">{spec.symbol}</span>
              </button>
            ))}
          </div>
        ) : (
          group
        ),
      )}
    </div>
  );
}

function isToggle(action: ToolbarAction): boolean {
  return action.kind === 'mark' || action.kind === 'block' || action.kind === 'align' || action.kind === 'link';
}
