import { CharacterMetadata, ContentBlock, type ContentState } from 'draft-js';
import { OrderedSet } from 'immutable';
import { BACKGROUND_COLOR_PREFIX, INLINE, TEXT_COLOR_PREFIX } from '../schema.js';

/**
 * draft-convert nests overlapping marks in an order that depends on how they were made, and can
 * close them in the wrong order. Exporting each character's whole set of marks as one combined
 * style avoids both: every run of equally formatted text gets the same, well-nested elements.
 */
export const COMBINED_PREFIX = 'MARKS:';

const ORDER: string[] = [INLINE.bold, INLINE.italic, INLINE.underline, INLINE.strike, INLINE.sup, INLINE.sub, INLINE.code];

function rank(style: string): number {
  if (style.startsWith(TEXT_COLOR_PREFIX)) return -2;
  if (style.startsWith(BACKGROUND_COLOR_PREFIX)) return -1;
  return ORDER.indexOf(style);
}

export function withCombinedStyles(content: ContentState): ContentState {
  const blocks = content.getBlockMap().map((block) => {
    const characters = block!
      .getCharacterList()
      .map((character) => {
        const styles = character!.getStyle().toArray().filter((style) => rank(style) !== -1 || style.startsWith(BACKGROUND_COLOR_PREFIX));
        if (styles.length === 0) return CharacterMetadata.create({ entity: character!.getEntity() });
        const combined = COMBINED_PREFIX + styles.sort((a, b) => rank(a) - rank(b)).join('|');
        return CharacterMetadata.create({ style: OrderedSet([combined]), entity: character!.getEntity() });
      })
      .toList();
    return block!.set('characterList', characters) as ContentBlock;
  });
  return content.set('blockMap', blocks) as ContentState;
}

const TAGS: Record<string, string> = {
  [INLINE.bold]: 'strong',
  [INLINE.italic]: 'em',
  [INLINE.underline]: 'u',
  [INLINE.strike]: 's',
  [INLINE.sup]: 'sup',
  [INLINE.sub]: 'sub',
  [INLINE.code]: 'code',
};

const HEX = /^#[0-9a-f]{6}$/;

/** Opening and closing markup of a combined style, outermost first: colours, then the marks. */
export function combinedStyleMarkup(style: string): { start: string; end: string } {
  let start = '';
  let end = '';
  for (const name of style.slice(COMBINED_PREFIX.length).split('|')) {
    let open = '';
    let tag = TAGS[name];
    const color = name.slice(name.indexOf('-') + 1);
    if (tag) open = `<${tag}>`;
    else if (HEX.test(color) && name.startsWith(TEXT_COLOR_PREFIX)) [tag, open] = ['span', `<span style="color:${color}">`];
    else if (HEX.test(color) && name.startsWith(BACKGROUND_COLOR_PREFIX)) [tag, open] = ['span', `<span style="background-color:${color}">`];
    if (!tag) continue;
    start += open;
    end = `</${tag}>` + end;
  }
  return { start, end };
}
