import { describe, expect, it } from 'vitest';
import { cacheControl } from '../../../src/http/page-responses.js';
import { isNotModified } from '../../../src/http/precomputed.js';
import type { CachedPage } from '../../../src/http/page-cache.js';

const page: CachedPage = {
  path: '/noticias',
  contentType: 'text/html; charset=utf-8',
  expiresAt: Infinity,
  tags: [],
  readAt: 0,
  variants: {
    identity: { body: Buffer.from('a'), etag: '"abc"' },
    br: { body: Buffer.from('b'), etag: '"abc-br"' },
    gzip: { body: Buffer.from('g'), etag: '"abc-gz"' },
  },
};

describe('isNotModified', () => {
  it('matches any variant of the current content', () => {
    expect(isNotModified('"abc"', page)).toBe(true);
    expect(isNotModified('"abc-br"', page)).toBe(true);
    expect(isNotModified('"old", "abc-gz"', page)).toBe(true);
  });

  it('compares weakly, as If-None-Match requires', () => {
    expect(isNotModified('W/"abc-gz"', page)).toBe(true);
  });

  it('accepts the wildcard', () => {
    expect(isNotModified('*', page)).toBe(true);
  });

  it('does not match other or missing validators', () => {
    expect(isNotModified(undefined, page)).toBe(false);
    expect(isNotModified('"abd"', page)).toBe(false);
    expect(isNotModified('abc', page)).toBe(false);
  });
});

describe('cacheControl', () => {
  it('comes from the configuration', () => {
    expect(cacheControl({ pageCache: { maxAge: 60, staleWhileRevalidate: 600, maxEntries: 1 } })).toBe(
      'public, max-age=60, stale-while-revalidate=600',
    );
  });
});
