import type { FocalPoint } from '../../images/focal-crop.js';
import { formText } from '../form-fields.js';

/** The focal-point picture is drawn this wide (CSS px): a click's coordinates divided by it are the fractions. */
export const FOCUS_PICTURE_WIDTH = 320;

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

const fractionOf = (value: string, scale: number) => {
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) && value.trim() !== '' ? Math.min(1, Math.max(0, number / scale)) : NaN;
};

export interface FocusPickerProps {
  /** Where both forms post, and the `acao` they carry: `{acao}-clique` for a click on the picture, `{acao}` for the fields. */
  action: string;
  acao: string;
  /** Hidden fields naming what is framed (an image's id); none for the person's own photo. */
  hidden?: Record<string, string | number>;
  src: string;
  width: number;
  height: number;
  foco: FocalPoint | null;
  label: string;
  idPrefix: string;
}

/**
 * The focal point control of decision 030, without script: a click on the picture posts its coordinates
 * (an image button), and two fields in percent are the keyboard's way to the same point.
 */
export function FocusPicker({ action, acao, hidden = {}, src, width, height, foco, label, idPrefix }: FocusPickerProps) {
  const drawnHeight = Math.round((FOCUS_PICTURE_WIDTH * height) / width);
  const focus = foco ?? { x: 0.5, y: 0.5 };
  const fields = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <div className="media-focus">
      <form method="post" action={action} className="media-focus-picture">
        <input type="hidden" name="acao" value={`${acao}-clique`} />
        {fields}
        {/* A click sends its coordinates (ponto.x, ponto.y); keyboards use the fields beside it, so it stays out of the tab order. */}
        <input type="image" name="ponto" src={src} width={FOCUS_PICTURE_WIDTH} height={drawnHeight} alt={`${label}: clique no ponto que os recortes devem manter`} tabIndex={-1} />
        <span className="media-focus-mark" style={{ left: `${percent(focus.x)}%`, top: `${percent(focus.y)}%` }} aria-hidden="true" />
      </form>
      <form method="post" action={action} className="area-form media-focus-fields">
        <input type="hidden" name="acao" value={acao} />
        {fields}
        <p className="area-hint">{foco ? `Ponto focal: ${percent(focus.x)}% da esquerda, ${percent(focus.y)}% do topo.` : 'Sem ponto focal: os recortes usam o centro.'}</p>
        <div className="area-field">
          <label htmlFor={`${idPrefix}-x`}>Horizontal (% da esquerda)</label>
          <input id={`${idPrefix}-x`} name="x" type="number" min={0} max={100} step={0.1} defaultValue={percent(focus.x)} required />
        </div>
        <div className="area-field">
          <label htmlFor={`${idPrefix}-y`}>Vertical (% do topo)</label>
          <input id={`${idPrefix}-y`} name="y" type="number" min={0} max={100} step={0.1} defaultValue={percent(focus.y)} required />
        </div>
        <button type="submit" className="button button-secondary">
          Salvar ponto focal
        </button>
      </form>
    </div>
  );
}

/** The point either form of FocusPicker posted, as fractions 0-1; null when it is missing or not a number. */
export function postedFocus(body: unknown, clicked: boolean, size: { width: number; height: number }): FocalPoint | null {
  const focus = clicked
    ? { x: fractionOf(formText(body, 'ponto.x'), FOCUS_PICTURE_WIDTH), y: fractionOf(formText(body, 'ponto.y'), (FOCUS_PICTURE_WIDTH * size.height) / size.width) }
    : { x: fractionOf(formText(body, 'x'), 100), y: fractionOf(formText(body, 'y'), 100) };
  return Number.isNaN(focus.x) || Number.isNaN(focus.y) ? null : focus;
}
