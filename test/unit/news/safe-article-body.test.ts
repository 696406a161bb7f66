import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';
import { SafeBodies } from '../../../src/content/safe-article-body.js';

describe('SafeBodies', () => {
  const bodies = new SafeBodies();
  const safeArticleBody = (stored: string) => bodies.sanitize(stored);

  it('is the sanitiser, also when the same body comes again', () => {
    const stored = '<p onclick="x()">PA &lt; 120/80</p><script>alert(1)</script><img src="javascript:alert(1)">';
    const first = safeArticleBody(stored);
    expect(first).toBe(sanitizeArticleHtml(stored));
    expect(first).not.toMatch(/script|onclick|javascript/);
    expect(safeArticleBody(stored)).toBe(first);
  });

  it('keeps answering right for many more bodies than it remembers', () => {
    const long = 'x'.repeat(50_000);
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 60; index += 1) {
        const stored = `<p>${index} ${long}</p><iframe src="https://exemplo.com"></iframe>`;
        expect(safeArticleBody(stored)).toBe(`<p>${index} ${long}</p>`);
      }
    }
  });
});
