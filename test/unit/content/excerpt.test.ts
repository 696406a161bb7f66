import { describe, expect, it } from 'vitest';
import { excerpt, keywordList } from '../../../src/content/excerpt.js';

describe('excerpt', () => {
  it('keeps the text of the HTML with entities decoded and spaces collapsed', () => {
    expect(excerpt('<h2>Título</h2>\n<p>Um &amp; dois&nbsp;— <em>três</em> &#233; &#x2713;</p>')).toBe('Título Um & dois — três é ✓');
  });

  it('cuts long text at a word and marks the cut', () => {
    const text = excerpt(`<p>${'palavra '.repeat(40)}</p>`, 30);
    expect(text).toBe('palavra palavra palavra…');
    expect(text.length).toBeLessThanOrEqual(30);
  });
});

describe('keywordList', () => {
  it('splits on commas and drops blanks', () => {
    expect(keywordList(' lgpd, prontuário ,, segurança ')).toEqual(['lgpd', 'prontuário', 'segurança']);
    expect(keywordList('')).toEqual([]);
  });
});
