// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentToHtml } from '../../../src/editor/html/export-html.js';
import { formatHtml } from '../../../src/editor/html/format-html.js';
import { htmlToContent } from '../../../src/editor/html/import-html.js';
import { sanitizeArticleHtml } from '../../../src/lib/sanitize-article-html.js';
import { articleHtml } from './document-arbitrary.js';

const roundTrip = (html: string) => contentToHtml(htmlToContent(html));

describe('HTML -> editor -> HTML over generated documents', () => {
  it('is stable after one pass', () => {
    fc.assert(
      fc.property(articleHtml, (html) => {
        const once = roundTrip(html);
        expect(roundTrip(once)).toBe(once);
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('produces HTML that the server sanitiser leaves unchanged', () => {
    fc.assert(
      fc.property(articleHtml, (html) => {
        const produced = roundTrip(html);
        expect(sanitizeArticleHtml(produced)).toBe(produced);
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('survives the HTML switch: formatted by js-beautify and read back, the content is the same', async () => {
    await fc.assert(
      fc.asyncProperty(articleHtml, async (html) => {
        const produced = roundTrip(html);
        const formatted = await formatHtml(produced);
        expect(roundTrip(formatted)).toBe(produced);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
