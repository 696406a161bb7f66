/** Parses HTML into a detached body: nothing in it runs or loads (DOMParser documents are inert). */
export function parseBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html').body;
}
