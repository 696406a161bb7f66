// @vitest-environment happy-dom
import { convertFromRaw, convertToRaw } from 'draft-js';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { rawOf } from '../../../src/editor/html/raw-snapshot.js';

const HTML =
  '<h2 style="text-align:center">Título 😀 com emoji</h2><p>a 😀 <strong>b</strong> <a href="https://a.com" target="_blank" rel="noopener noreferrer">link 😀</a> <img src="/assets/a.png" alt="" /></p>' +
  '<p style="text-align:center"><img src="/assets/b.png" alt="B" width="40" /></p><ol start="4"><li>x</li></ol><hr />';

describe('raw snapshot for the local draft', () => {
  it('restores to the same document, as convertToRaw does', () => {
    const content = htmlToContent(HTML);
    expect(contentToHtml(convertFromRaw(rawOf(content)))).toBe(HTML);
    expect(contentToHtml(convertFromRaw(JSON.parse(JSON.stringify(rawOf(content)))))).toBe(HTML);
    expect(rawOf(content).blocks.map((block) => [block.text, block.inlineStyleRanges])).toEqual(
      convertToRaw(content).blocks.map((block) => [block.text, block.inlineStyleRanges]),
    );
  });

  it('reuses the encoding of unchanged blocks', () => {
    const content = htmlToContent(HTML);
    const first = rawOf(content);
    expect(rawOf(content).blocks[1]).toBe(first.blocks[1]);
  });
});
