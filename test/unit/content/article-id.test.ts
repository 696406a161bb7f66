import { describe, expect, it } from 'vitest';
import { parseArticleId } from '../../../src/content/article-id.js';

describe('parseArticleId', () => {
  it('reads a positive decimal integer', () => {
    expect(parseArticleId('1')).toBe(1);
    expect(parseArticleId('4021')).toBe(4021);
  });

  it.each(['0', '07', '-1', '1.0', '1e3', 'abc', '', '12abc', '9007199254740993', '99999999999999999'])('refuses %j', (raw) => {
    expect(parseArticleId(raw)).toBeNull();
  });
});
