import { CharacterMetadata, ContentBlock, ContentState, genKey, List, OrderedSet } from './commonjs-deps.js';
import { ENTITY } from '../schema.js';
import type { LinkData } from '../entities.js';
import { readBody, type ImportResult } from './import-html.js';
import { markListDepths } from './list-depths.js';
import { parseBody } from './parse-body.js';
import { markSheetBold } from './sheet-bold.js';
import { isAllowedLinkUrl } from './urls.js';
import { rebuildWordLists } from './word-lists.js';

/**
 * Clipboard HTML from any source (Word, Google Docs, LibreOffice, a web page, Gmail, a copy of this
 * editor in another tab) reduced to the schema: its lists rebuilt, the source's default look dropped.
 */
export function readPastedHtml(html: string): ImportResult {
  const body = parseBody(html);
  markSheetBold(html, body);
  return readPastedBody(body);
}

/** The same for a body already parsed (the archive import prepares its images on it first), so it is parsed once. */
export function readPastedBody(body: HTMLElement): ImportResult {
  rebuildWordLists(body);
  markListDepths(body);
  return readBody(body, { paste: true });
}

/** Web and e-mail addresses in plain text (http, https and mailto only); trailing punctuation is not part of them. */
const ADDRESS = /\b(?:https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/gi;

/** A non-global copy: test() on the global one would move its lastIndex, which matchAll then starts from. */
const ANY_ADDRESS = new RegExp(ADDRESS.source, 'i');

export function hasAddress(text: string): boolean {
  return ANY_ADDRESS.test(text);
}

/** Plain text as paragraphs, one per line, with its addresses linked. */
export function plainTextToContent(text: string): ContentState {
  let content = ContentState.createFromText('');
  const blocks: ContentBlock[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n')) {
    const characters: CharacterMetadata[] = Array.from({ length: line.length }, () => CharacterMetadata.create());
    for (const match of line.matchAll(ADDRESS)) {
      const address = trimPunctuation(match[0]);
      const href = address.includes(':') ? address : `mailto:${address}`;
      if (!isAllowedLinkUrl(href)) continue;
      const data: LinkData = href.startsWith('mailto:') ? { href } : { href, target: '_blank' };
      content = content.createEntity(ENTITY.link, 'MUTABLE', data);
      const entity = CharacterMetadata.create({ style: OrderedSet(), entity: content.getLastCreatedEntityKey() });
      for (let index = match.index; index < match.index + address.length; index++) characters[index] = entity;
    }
    blocks.push(
      new ContentBlock({
        key: genKey(),
        type: 'unstyled',
        text: line,
        characterList: List(characters),
      }),
    );
  }
  return ContentState.createFromBlockArray(blocks, content.getEntityMap());
}

/** "(veja https://a.com/x)." links https://a.com/x: closing punctuation belongs to the sentence. */
function trimPunctuation(address: string): string {
  let end = address.length;
  const count = (text: string, char: string) => text.split(char).length - 1;
  while (end > 0 && /[.,;:!?'")\]]/.test(address[end - 1]!)) {
    const head = address.slice(0, end);
    // Wikipedia-style addresses end in a parenthesis of their own: keep it when it closes one opened inside.
    if (head.endsWith(')') && count(head, '(') >= count(head, ')')) break;
    end--;
  }
  return address.slice(0, end);
}
