import { describe, expect, it } from 'vitest';
import { outlineHeadings, readingMinutes } from '../../../src/content/article-outline.js';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';
import { SafeBodies } from '../../../src/content/safe-article-body.js';

const PAGE_IDS = ['conteudo', 'leia-tambem'];

describe('SafeBodies', () => {
  const bodies = new SafeBodies(PAGE_IDS);

  it('is the sanitiser, with the headings given ids and the reading time, also when the same body comes again', () => {
    const stored = `<h2 onclick="x()">Leia também</h2><p>PA &lt; 120/80 ${'palavra '.repeat(1_000)}</p><script>alert(1)</script><img src="javascript:alert(1)"><h3>Conteúdo</h3>`;
    const safe = sanitizeArticleHtml(stored);
    const first = bodies.display(stored);
    expect(first).toEqual({ ...outlineHeadings(safe, PAGE_IDS), readingMinutes: readingMinutes(safe) });
    expect(first.html).not.toMatch(/script|onclick|javascript/);
    // The page's own ids stay the page's.
    expect(first.outline.map((entry) => entry.id)).toEqual(['leia-tambem-2', 'conteudo-2']);
    expect(first.readingMinutes).toBe(5);
    expect(bodies.display(stored)).toBe(first);
  });

  it('keeps answering right for many more bodies than it remembers', () => {
    const long = 'x'.repeat(50_000);
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 60; index += 1) {
        const stored = `<p>${index} ${long}</p><iframe src="https://exemplo.com"></iframe>`;
        expect(bodies.display(stored).html).toBe(`<p>${index} ${long}</p>`);
      }
    }
  });
});
