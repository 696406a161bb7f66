/**
 * Parses HTML into a detached body: nothing in it runs or loads (DOMParser documents are inert).
 * Style sheets (Word and LibreOffice paste whole documents) are cut out first: even an inert document
 * checks them against the page's CSP and logs a violation, and they are no content anyway.
 */
export function parseBody(html: string): HTMLElement {
  const withoutSheets = html.replace(/<style\b[\s\S]*?<\/style\s*>/gi, '');
  return new DOMParser().parseFromString(`<!DOCTYPE html><body>${withoutSheets}</body>`, 'text/html').body;
}
