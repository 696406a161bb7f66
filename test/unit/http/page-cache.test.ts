import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../../src/http/page-cache.js';

const HTML = 'text/html; charset=utf-8';
const page = (path: string, text = `<p>${path}</p>`, tags: string[] = [`pagina:${path}`]) => ({ path, contentType: HTML, body: Buffer.from(text), tags });

/** Renders `key` through singleFlight and waits until its page is stored (or refused). */
async function store(cache: PageCache, key: string, rendered: ReturnType<typeof page>) {
  await cache.singleFlight(key, async () => ({ answer: undefined, page: rendered }));
  return cache.lookup(key);
}

describe('PageCache', () => {
  it('keeps identity, brotli and gzip variants of the same bytes, each with its own strong ETag', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    const body = '<p>olá</p>'.repeat(50);
    await store(cache, 'a', page('/a', body));
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
    await store(cache, 'a', page('/a', 'x'));
    await store(cache, 'b', page('/b', 'x'));
    await store(cache, 'c', page('/c', 'y'));
    expect(cache.get('a')!.variants.identity.etag).toBe(cache.get('b')!.variants.identity.etag);
    expect(cache.get('a')!.variants.identity.etag).not.toBe(cache.get('c')!.variants.identity.etag);
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 60_000 });
    await store(cache, 'a', page('/a'));
    await store(cache, 'b', page('/b'));
    cache.get('a');
    await store(cache, 'c', page('/c'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('expires entries after the safety-net time, keeping them only as stale copies until a change', async () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 2, ttlMs: 500, now: () => now });
    await store(cache, 'a', page('/a'));
    now += 499;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stale('a')?.page.path).toBe('/a');
    cache.clear();
    expect(cache.stale('a')).toBeUndefined();
  });

  it('drops everything on clear and refuses pages rendered from data read before it', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    await store(cache, 'a', page('/a'));
    await cache.singleFlight('b', async () => {
      cache.clear();
      return { answer: undefined, page: page('/b') };
    });
    expect(await cache.lookup('b')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(await store(cache, 'b', page('/b'))).toBeDefined();
  });

  it('drops only the pages tagged with what changed, and refuses a page read before its tag changed', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    await store(cache, 'artigo-1', page('/1', undefined, ['artigo:1']));
    await store(cache, 'artigo-2', page('/2', undefined, ['artigo:2']));
    await store(cache, 'lista', page('/lista', undefined, ['listagem', 'resumo:1', 'resumo:2']));
    cache.invalidate(['artigo:1']);
    expect([cache.get('artigo-1'), cache.get('artigo-2')?.path, cache.get('lista')?.path]).toEqual([undefined, '/2', '/lista']);
    cache.invalidate([]);
    expect(cache.get('artigo-2')?.path).toBe('/2');
    cache.invalidate(['resumo:2']);
    expect([cache.get('artigo-2')?.path, cache.get('lista')]).toEqual(['/2', undefined]);
    await cache.singleFlight('artigo-2', async () => {
      cache.invalidate(['artigo:2']);
      return { answer: undefined, page: page('/2', 'velha', ['artigo:2']) };
    });
    expect(await cache.lookup('artigo-2')).toBeUndefined();
    await cache.singleFlight('artigo-3', async () => {
      cache.invalidate(['artigo:9']);
      return { answer: undefined, page: page('/3', undefined, ['artigo:3']) };
    });
    expect((await cache.lookup('artigo-3'))?.path).toBe('/3');
    expect((await store(cache, 'artigo-2', page('/2', 'nova', ['artigo:2'])))?.path).toBe('/2');
  });

  it('keeps a changed page as a stale copy: no longer a hit, told once per outage, counted against maxEntries', async () => {
    const cache = new PageCache({ maxEntries: 2, ttlMs: 60_000 });
    await store(cache, 'lista', page('/lista', 'antes', ['listagem']));
    await store(cache, 'artigo-1', page('/1', undefined, ['artigo:1']));
    cache.invalidate(['listagem']);
    expect(cache.get('lista')).toBeUndefined();
    expect(cache.lookup('lista')).toBeUndefined();
    expect(cache.stale('lista')).toMatchObject({ page: { path: '/lista' }, first: true });
    expect(cache.stale('lista')).toMatchObject({ page: { path: '/lista' }, first: false });
    expect(cache.get('artigo-1')?.path).toBe('/1');
    // A page stored again means the database answered: the next outage is told again.
    await store(cache, 'artigo-2', page('/2', undefined, ['artigo:2']));
    expect(cache.stale('artigo-1')?.first).toBe(true);
    // Three pages for two places: the least recently used one, the stale list, went.
    expect(cache.size).toBe(2);
    expect(cache.stale('lista')).toBeUndefined();
  });

  it('keeps a page read before a change only as a stale copy, and never over a newer one', async () => {
    const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
    await cache.singleFlight('lista', async () => {
      cache.invalidate(['listagem']);
      return { answer: undefined, page: page('/lista', 'lida antes da mudança', ['listagem']) };
    });
    expect(await cache.lookup('lista')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.stale('lista')?.page.variants.identity.body.toString()).toBe('lida antes da mudança');
    let finish: () => void = () => undefined;
    const slow = cache.singleFlight('lista', () => new Promise<{ answer: undefined; page: ReturnType<typeof page> }>((resolve) => (finish = () => resolve({ answer: undefined, page: page('/lista', 'lenta', ['listagem']) }))));
    cache.invalidate(['listagem']);
    await cache.singleFlight('lista', async () => ({ answer: undefined, page: page('/lista', 'nova', ['listagem']) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await slow;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.get('lista')?.variants.identity.body.toString()).toBe('nova');
  });

  it('stores nothing when switched off with maxEntries 0', async () => {
    const cache = new PageCache({ maxEntries: 0, ttlMs: 60_000 });
    expect(cache.enabled).toBe(false);
    expect(await store(cache, 'a', page('/a'))).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });

  describe('one render per page at a time', () => {
    it('lets later requests wait for the render under way and get its page', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      let finish: () => void = () => undefined;
      const rendering = cache.singleFlight('a', () => new Promise<{ answer: string; page: ReturnType<typeof page> }>((resolve) => (finish = () => resolve({ answer: 'primeiro', page: page('/a') }))));
      const waiting = cache.lookup('a');
      expect(waiting).toBeInstanceOf(Promise);
      finish();
      expect(await rendering).toBe('primeiro');
      expect((await waiting)?.path).toBe('/a');
      expect(cache.lookup('a')).toBe(cache.get('a'));
    });

    it('tells the waiting requests when the render ended without a page, so they render themselves', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      const rendering = cache.singleFlight('a', async () => ({ answer: 404 }));
      const waiting = cache.lookup('a');
      expect(await rendering).toBe(404);
      expect(await waiting).toBeUndefined();
      expect(cache.lookup('a')).toBeUndefined();
    });

    it('tells the waiting requests when the render failed, and passes the failure to its caller', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      const rendering = cache.singleFlight('a', async () => {
        throw new Error('falhou');
      });
      const waiting = cache.lookup('a');
      await expect(rendering).rejects.toThrow('falhou');
      expect(await waiting).toBeUndefined();
    });

    it('does not make new requests wait for a render that began before an invalidation', async () => {
      const cache = new PageCache({ maxEntries: 5, ttlMs: 60_000 });
      let finish: () => void = () => undefined;
      const rendering = cache.singleFlight('a', () => new Promise<{ answer: undefined; page: ReturnType<typeof page> }>((resolve) => (finish = () => resolve({ answer: undefined, page: page('/a') }))));
      const waiting = cache.lookup('a');
      cache.clear();
      expect(cache.lookup('a')).toBeUndefined();
      finish();
      await rendering;
      expect(await waiting).toBeUndefined();
      expect(cache.get('a')).toBeUndefined();
    });

    it('has nothing to wait for when the cache is off', () => {
      const cache = new PageCache({ maxEntries: 0, ttlMs: 60_000 });
      void cache.singleFlight('a', () => new Promise(() => undefined));
      expect(cache.lookup('a')).toBeUndefined();
    });
  });
});
