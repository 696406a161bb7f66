import { describe, expect, it } from 'vitest';
import { formatHtml } from '../../../src/editor/html/format-html.js';

describe('formatHtml (the HTML switch)', () => {
  it('indents nested elements by 2 spaces per level', async () => {
    expect(await formatHtml('<p>a</p><ul><li>b<ul><li>c</li></ul></li></ul>')).toBe(
      ['<p>a</p>', '<ul>', '  <li>b<ul>', '      <li>c</li>', '    </ul>', '  </li>', '</ul>'].join('\n'),
    );
  });

  it('wraps long text at 80 columns', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `palavra${index}`).join(' ');
    const lines = (await formatHtml(`<p>${words}</p>`)).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.length <= 80)).toBe(true);
  });

  it('leaves an empty document empty', async () => {
    expect(await formatHtml('')).toBe('');
  });
});
