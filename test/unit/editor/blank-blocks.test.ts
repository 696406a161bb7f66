// @vitest-environment happy-dom
import { ContentBlock, ContentState, genKey } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';

/** Blocks as the editor holds them after Enter pressed too often (the importer may already drop some). */
function blocks(...spec: Array<[type: string, text: string]>): ContentState {
  return ContentState.createFromBlockArray(spec.map(([type, text]) => new ContentBlock({ key: genKey(), type, text })));
}

describe('blank paragraphs and list items on save', () => {
  it('drops blank paragraphs at the start and end and keeps one of a run inside', () => {
    const content = blocks(
      ['unstyled', ''],
      ['unstyled', '  '],
      ['unstyled', 'Primeiro.'],
      ['unstyled', ''],
      ['unstyled', '\u00a0'],
      ['unstyled', ''],
      ['unstyled', 'Segundo.'],
      ['unstyled', ''],
      ['unstyled', 'Terceiro.'],
      ['unstyled', ''],
      ['unstyled', ''],
    );
    expect(contentToHtml(content)).toBe('<p>Primeiro.</p><p></p><p>Segundo.</p><p></p><p>Terceiro.</p>');
  });

  it('drops empty bullets at the start and end of each list, keeping one inside a list', () => {
    const content = blocks(
      ['unordered-list-item', ''],
      ['unordered-list-item', 'um'],
      ['unordered-list-item', ''],
      ['unordered-list-item', 'dois'],
      ['unordered-list-item', ''],
      ['unstyled', 'Entre as listas.'],
      ['ordered-list-item', 'primeiro'],
      ['ordered-list-item', ' '],
    );
    expect(contentToHtml(content)).toBe('<ul><li>um</li><li></li><li>dois</li></ul><p>Entre as listas.</p><ol><li>primeiro</li></ol>');
  });

  it('keeps images, rules and headings, and gives nothing for a document of blanks', () => {
    const withRule = htmlToContent('<p>Antes.</p><hr /><p>Depois.</p>');
    const rule = withRule.getBlocksAsArray().find((block) => block.getType() === 'atomic')!;
    const content = ContentState.createFromBlockArray(
      [new ContentBlock({ key: genKey(), type: 'unstyled', text: '' }), rule, new ContentBlock({ key: genKey(), type: 'header-two', text: 'Título' })],
      withRule.getEntityMap(),
    );
    expect(contentToHtml(content)).toBe('<hr /><h2>Título</h2>');
    expect(contentToHtml(blocks(['unstyled', ''], ['unordered-list-item', ''], ['unstyled', ' ']))).toBe('');
  });

  it('cleans HTML pasted or typed with gaps the same way', () => {
    expect(contentToHtml(htmlToContent('<p>a</p><p><br></p><p><br></p><p><br></p><p>b</p><p><br></p>'))).toBe('<p>a</p><p></p><p>b</p>');
  });
});
