/**
 * Declarations of a style attribute, read from its text rather than from element.style: browsers
 * drop properties they do not know (Word's mso-list, mso-highlight) and respell colours, and the
 * unit tests' DOM respells them differently, so the text is the only reading that is the same everywhere.
 */
export function readStyle(element: Element): Map<string, string> {
  const declarations = new Map<string, string>();
  const text = element.getAttribute('style');
  if (!text) return declarations;
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim();
    if (name && value) declarations.set(name, value);
  }
  return declarations;
}

const UNIT_TO_PX: Record<string, number> = { px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

/** A CSS length in px ("36.0pt" is 48), or null for anything relative or unreadable. */
export function lengthInPx(value: string | undefined): number | null {
  if (!value) return null;
  const match = /^(-?\d*\.?\d+)\s*(px|pt|pc|in|cm|mm)?$/i.exec(value.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  if (amount === 0) return 0;
  const unit = (match[2] ?? '').toLowerCase();
  return unit ? amount * UNIT_TO_PX[unit]! : null;
}
