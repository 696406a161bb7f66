/**
 * Excel makes cells bold through classes of the style sheet it puts on the clipboard (`.xl65
 * {font-weight:700}`). The paste drops style sheets (they are the source's look, not the text's), so
 * before they go the cells those classes make bold are marked with this attribute: a table's bold first
 * row is its header row (issue 34).
 */
export const SHEET_BOLD = 'data-sheet-bold';

const SHEET = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const RULE = /([^{}]+)\{([^{}]*)\}/g;
const BOLD = /font-weight\s*:\s*(?:bold|bolder|[6-9]00)\b/i;

/** The class names the clipboard's style sheets make bold. */
export function boldClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, sheet] of html.matchAll(SHEET)) {
    for (const [, selectors, declarations] of sheet!.matchAll(RULE)) {
      if (!BOLD.test(declarations!)) continue;
      for (const [, name] of selectors!.matchAll(/\.([\w-]+)/g)) classes.add(name!);
    }
  }
  return classes;
}

export function markSheetBold(html: string, body: HTMLElement): void {
  const classes = boldClasses(html);
  if (classes.size === 0) return;
  for (const cell of Array.from(body.querySelectorAll('td, th'))) {
    if (Array.from(cell.classList).some((name) => classes.has(name))) cell.setAttribute(SHEET_BOLD, '');
  }
}
