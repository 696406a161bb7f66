import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../../src/http/page-cache.js';

const HTML = 'text/html; charset=utf-8';
const page = (path: string, text = `<p>${path}</p>`) => ({ path, contentType: HTML, body: Buffer.from(text) });

describe('PageCache', () => {
  it('keeps identity, brotli and gzip variants of the same bytes, each with its own strong ETag', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    const body = '<p>olá</p>'.repeat(50);
    await cache.fill('a', cache.ticket(), page('/a', body));
    const entry = cache.get('a')!;
    expect(entry.path).toBe('/a');
    expect(entry.variants.identity.body.toString()).toBe(body);
    expect(brotliDecompressSync(entry.variants.br.body).toString()).toBe(body);
    expect(gunzipSync(entry.variants.gzip.body).toString()).toBe(body);
    const etags = Object.values(entry.variants).map((variant) => variant.etag);
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/);
  });

  it('gives the same content the same ETag and different content another', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    await cache.fill('a', cache.ticket(), page('/a', 'x'));
    await cache.fill('b', cache.ticket(), page('/b', 'x'));
    await cache.fill('c', cache.ticket(), page('/c', 'y'));
    expect(cache.get('a')!.variants.identity.etag).toBe(cache.get('b')!.variants.identity.etag);
    expect(cache.get('a')!.variants.identity.etag).not.toBe(cache.get('c')!.variants.identity.etag);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 60_000 });
    await cache.fill('a', cache.ticket(), page('/a'));
    await cache.fill('b', cache.ticket(), page('/b'));
    cache.get('a');
    await cache.fill('c', cache.ticket(), page('/c'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('expires entries after the safety-net time', async () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 2, ttlMs: 500, now: () => now });
    await cache.fill('a', cache.ticket(), page('/a'));
    now += 499;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops everything on clear and refuses fills started before it', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    await cache.fill('a', cache.ticket(), page('/a'));
    const staleTicket = cache.ticket();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.fill('b', staleTicket, page('/b'))).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(await cache.fill('b', cache.ticket(), page('/b'))).toBeDefined();
  });

  it('stores nothing when switched off with maxEntries 0', async () => {
    const cache = new PageCache({ maxEntries: 0, ttlMs: 60_000 });
    expect(cache.enabled).toBe(false);
    expect(await cache.fill('a', cache.ticket(), page('/a'))).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });

  describe('one render per page at a time', () => {
    it('lets later requests wait for the render under way and get its page', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      const land = cache.takeOff('a');
      const waiting = cache.inFlight('a');
      expect(waiting).toBeDefined();
      expect(cache.takeOff('a')).not.toBe(land);
      land(cache.fill('a', cache.ticket(), page('/a')));
      expect((await waiting)?.path).toBe('/a');
      expect(cache.inFlight('a')).toBeUndefined();
    });

    it('tells the waiting requests when the render ended without a page, so they render themselves', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      const land = cache.takeOff('a');
      const waiting = cache.inFlight('a');
      land();
      expect(await waiting).toBeUndefined();
      expect(cache.inFlight('a')).toBeUndefined();
    });

    it('does not make new requests wait for a render that began before an invalidation', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      const ticket = cache.ticket();
      const land = cache.takeOff('a');
      const waiting = cache.inFlight('a');
      cache.clear();
      expect(cache.inFlight('a')).toBeUndefined();
      land(cache.fill('a', ticket, page('/a')));
      expect(await waiting).toBeUndefined();
      expect(cache.get('a')).toBeUndefined();
    });

    it('has nothing to wait for when the cache is off', () => {
      const cache = new PageCache({ maxEntries: 0, ttlMs: 60_000 });
      cache.takeOff('a');
      expect(cache.inFlight('a')).toBeUndefined();
    });
  });
});
