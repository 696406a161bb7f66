import { CSS_NAMED_COLORS } from '../../lib/css-named-colors.js';

/**
 * Colours are stored as lowercase #rrggbb, or as a lowercase CSS colour name (Word writes
 * "color:red", and the server accepts the names), so the same colour always gives the same mark.
 * Keywords that mean "no colour of its own" (transparent, windowtext, inherit...) give null.
 */
export function normalizeColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (text === 'transparent') return null;
  if (CSS_NAMED_COLORS.has(text)) return text;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/.exec(text);
  if (!rgb) return null;
  if (rgb[4] !== undefined && Number(rgb[4]) === 0) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel)));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** A colour as it may appear in a style attribute: #rrggbb or a plain name. */
export function isStoredColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/.test(value) || (value !== 'transparent' && CSS_NAMED_COLORS.has(value));
}
