/** Sanitised HTML spells a table one way: `<table>`, without attributes (src/lib/sanitize-article-html.ts). */
const TABLE_OPEN = /<table>/g;
const TABLE_CLOSE = /<\/table>/g;

/**
 * Each table of the body inside a box that scrolls sideways (a phone is narrower than most tables): the
 * box is a named region that takes keyboard focus, so its hidden columns can be scrolled into view
 * without a mouse, and the regions' names tell the tables apart.
 */
export function scrollableTables(html: string): string {
  let count = 0;
  return html
    .replace(TABLE_OPEN, () => {
      count += 1;
      return `<div class="article-table" role="region" aria-label="Tabela ${count}" tabindex="0"><table>`;
    })
    .replace(TABLE_CLOSE, '</table></div>');
}
