import { readStyle } from './style-attribute.js';

/**
 * Word does not write lists: it writes paragraphs with "mso-list: l0 level2 lfo1" and the number or
 * bullet as text inside a span marked "mso-list: Ignore". Each run of such paragraphs becomes real
 * nested <ul>/<ol> elements, the marker text dropped and its kind (number or bullet) kept.
 */
export function rebuildWordLists(body: HTMLElement): void {
  const doc = body.ownerDocument;
  for (const paragraph of Array.from(body.querySelectorAll('p, h1, h2, h3, h4, h5, h6'))) {
    if (!paragraph.isConnected || !listLevel(paragraph)) continue;
    const run = [paragraph];
    for (let next = nextElement(paragraph); next && listLevel(next); next = nextElement(next)) run.push(next);
    const root = buildLists(doc, run);
    paragraph.before(root);
    for (const item of run) item.remove();
  }
}

function listLevel(element: Element): number {
  const list = readStyle(element).get('mso-list');
  if (!list || /^(ignore|none|skip)$/i.test(list)) return 0;
  const level = /level(\d+)/i.exec(list);
  return level ? Number(level[1]) : 0;
}

/** The next element sibling, skipping the white space and comments Word leaves between paragraphs. */
function nextElement(element: Element): Element | null {
  let node = element.nextSibling;
  while (node && (node.nodeType === 8 || (node.nodeType === 3 && !(node as Text).data.trim()))) node = node.nextSibling;
  return node && node.nodeType === 1 ? (node as Element) : null;
}

const ORDERED_MARKER = /^\(?([0-9]+|[a-z]|[ivxlcdm]+)[.)]$/i;
/**
 * Headings numbered by Word's outline list write "1", "1.2" or "1.2.1" (no closing dot): numbers too. A bare
 * letter is not one: "o" is the bullet Word writes at the second level.
 */
const OUTLINE_MARKER = /^(?:\d+\.)*(\d+)\.?$/;

/** Removes the marker Word wrote as text and says whether it was a number (and which) or a bullet. */
function takeMarker(paragraph: Element): { ordered: boolean; number: number } {
  let marker = '';
  for (const element of Array.from(paragraph.querySelectorAll('[style]'))) {
    if (!/^ignore$/i.test(readStyle(element).get('mso-list') ?? '')) continue;
    marker += element.textContent ?? '';
    element.remove();
  }
  const text = marker.replace(/[\s\u00a0]+/g, '');
  const ordered = ORDERED_MARKER.exec(text) ?? OUTLINE_MARKER.exec(text);
  return { ordered: Boolean(ordered), number: ordered && /^\d+$/.test(ordered[1]!) ? Number(ordered[1]) : 1 };
}

/** The paragraphs as nested lists, in one wrapper (a run can hold lists of several kinds side by side). */
function buildLists(doc: Document, paragraphs: Element[]): Element {
  const wrapper = doc.createElement('div');
  const stack: { list: Element; level: number }[] = [];
  for (const paragraph of paragraphs) {
    const level = listLevel(paragraph);
    const { ordered, number } = takeMarker(paragraph);
    const tag = ordered ? 'ol' : 'ul';
    while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop();
    let top = stack[stack.length - 1];
    if (!top || top.level < level || top.list.localName !== tag) {
      const list = newList(doc, tag, number);
      if (top && top.level === level) {
        stack.pop();
        top.list.after(list);
      } else if (top) {
        (top.list.lastElementChild ?? top.list).append(list);
      } else {
        wrapper.append(list);
      }
      top = { list, level };
      stack.push(top);
    }
    const item = doc.createElement('li');
    while (paragraph.firstChild) item.append(paragraph.firstChild);
    top.list.append(item);
  }
  return wrapper;
}

function newList(doc: Document, tag: string, start: number): Element {
  const list = doc.createElement(tag);
  if (tag === 'ol' && start > 1) list.setAttribute('start', String(start));
  return list;
}
