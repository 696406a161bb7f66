/**
 * Parses HTML into a detached body and reduces it before draft-convert reads it:
 * whitespace collapsed as a browser would render it (so formatted HTML from the switch or a paste
 * does not leave runs of spaces), word-processor wrappers that mean "no formatting" unwrapped.
 */
export function prepareBody(html: string): HTMLElement {
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html');
  const body = doc.body;
  for (const element of Array.from(body.querySelectorAll('script, style, template, noscript, head, title, meta, link'))) {
    element.remove();
  }
  for (const bold of Array.from(body.querySelectorAll<HTMLElement>('b'))) {
    // Google Docs wraps whole documents in <b style="font-weight:normal">.
    if (bold.style.fontWeight === 'normal' || bold.style.fontWeight === '400') unwrap(bold);
  }
  dropInlineImages(body);
  flattenNestedLists(body);
  collapseWhitespace(body, doc);
  return body;
}

function unwrap(element: Element) {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  element.remove();
}

/**
 * An image is kept only as the sole content of a paragraph (how the editor writes it); one inside
 * running text would lose its data in draft-convert anyway.
 */
function dropInlineImages(body: HTMLElement) {
  for (const image of Array.from(body.querySelectorAll('img'))) {
    const parent = image.parentElement;
    const alone =
      parent !== null &&
      parent !== body &&
      /^(p|div)$/i.test(parent.nodeName) &&
      parent.children.length === 1 &&
      (parent.textContent ?? '').trim() === '';
    if (!alone) image.remove();
  }
}

/** draft-convert reads depth from a list that follows its item, not from one inside it. */
function flattenNestedLists(body: HTMLElement) {
  for (const item of Array.from(body.querySelectorAll('li'))) {
    let anchor: Element = item;
    for (const list of Array.from(item.children).filter((child) => /^(ul|ol)$/i.test(child.nodeName))) {
      anchor.after(list);
      anchor = list;
    }
  }
}

function collapseWhitespace(root: HTMLElement, doc: Document) {
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    if (text.parentElement?.closest('pre')) continue;
    text.data = text.data.replace(/[\t\n\r\f ]+/g, ' ');
  }
}
