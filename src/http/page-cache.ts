import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from './accept-encoding.js';
import { contentHash } from './precomputed.js';

export type { Encoding };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedPage {
  /** The canonical path of the page: a request for the same key under another spelling is redirected to it. */
  path: string;
  contentType: string;
  /** One strong ETag per byte sequence, as HTTP requires of strong validators. */
  variants: Record<Encoding, { body: Buffer; etag: string }>;
  /** Past this the page is only a stale copy; invalidate() brings it forward to now. */
  expiresAt: number;
  /** What the page shows (src/routes/cache-tags.ts): invalidate() makes it stale when one of them changes. */
  tags: string[];
  /** The cache's generation when the page's data was read: a render of older data never replaces it. */
  readAt: number;
}

/** A rendered document as the cache takes it, before compression. */
export interface PageToCache {
  /** The canonical path of the page. */
  path: string;
  contentType: string;
  body: Buffer;
  tags: string[];
  /** When the page changes by itself (a review falls due): kept no longer than this, whatever the lifetime. */
  expiresAt?: number | undefined;
}

export interface PageCacheOptions {
  /** 0 turns the cache off (used by the benchmark to measure raw rendering). Stale copies count. */
  maxEntries: number;
  /** Safety net for a missed change event (e.g. a dropped PostgreSQL LISTEN connection). */
  ttlMs: number;
  now?: () => number;
  /** A page that could not be compressed is only not cached; this says so. */
  onFillError?: (error: unknown, key: string) => void;
}

/**
 * Rendered documents per canonical URL, least recently used evicted first. The compressed variants are
 * made once per fill, off the request path, so a hit is only a Map lookup and a write. A page that
 * changed or outlived the safety net is no longer a hit but stays as a stale copy, for the reader who
 * asks for it while the database is away.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly flights = new Map<string, Promise<CachedPage | undefined>>();
  private generation = 0;
  /** The generation at which each tag last changed, while renders are under way: a page read before that is not stored. */
  private readonly changed = new Map<string, number>();
  /** The generation at which everything last changed (clear()). */
  private cleared = 0;
  /** Renders under way; when none is, no change can be older than a render, and `changed` is forgotten. */
  private rendering = 0;
  /** Stale copies already served since the last page was stored (that is, in this outage). */
  private servedStale = new WeakSet<CachedPage>();
  private readonly now: () => number;
  /** Pages answered from the cache (or from a render another request had under way) and pages rendered: read by the metrics. */
  hits = 0;
  misses = 0;
  /** Stale copies that stood in for a page whose render failed. */
  staleServed = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    // An expired page stays (until evicted or emptied) for stale(): it is no longer a hit.
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry;
  }

  /**
   * The last page stored under `key`, even past its lifetime or after a change: what a reader gets when
   * rendering it again failed (the database is away), as a CDN's stale-if-error would. `first`: whether
   * it is the first time this copy stands in since a page was last stored, so that an outage is told once
   * per page and not once per request.
   */
  stale(key: string): { page: CachedPage; first: boolean } | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    const first = !this.servedStale.has(page);
    this.servedStale.add(page);
    this.staleServed += 1;
    return { page, first };
  }

  /** The page cached under `key`, or the one a render under way will store (after an invalidation, waiting beats a stampede of renders). */
  lookup(key: string): CachedPage | Promise<CachedPage | undefined> | undefined {
    const cached = this.get(key);
    if (cached) return cached;
    const flight = this.flights.get(key);
    if (flight) this.hits += 1;
    return flight;
  }

  /**
   * Renders `key` once however many requests miss it together: the requests that arrive while `render`
   * runs wait for its page through lookup(). `render` returns the caller's own answer and, when it made
   * one, the page to keep, which is compressed and stored off the request path; a page whose data was
   * read before an invalidation is not stored.
   */
  async singleFlight<T>(key: string, render: () => Promise<{ answer: T; page?: PageToCache }>): Promise<T> {
    const generation = this.generation;
    const settle = this.announce(key);
    this.rendering += 1;
    this.misses += 1;
    let fill: Promise<CachedPage | undefined> = Promise.resolve(undefined);
    try {
      const { answer, page } = await render();
      if (page) fill = this.fill(key, generation, page);
      settle(fill);
      fill.catch((error: unknown) => this.options.onFillError?.(error, key));
      return answer;
    } catch (error) {
      settle(fill);
      throw error;
    } finally {
      void fill
        .catch(() => undefined)
        .then(() => {
          this.rendering -= 1;
          if (this.rendering === 0) this.changed.clear();
        });
    }
  }

  /** Registers a render of `key` for lookup(); the returned function tells the waiting requests how it ended. */
  private announce(key: string): (fill: Promise<CachedPage | undefined>) => void {
    if (!this.enabled || this.flights.has(key)) return () => undefined;
    let land: (page: CachedPage | undefined) => void = () => undefined;
    const flight = new Promise<CachedPage | undefined>((resolve) => (land = resolve));
    this.flights.set(key, flight);
    return (fill) => {
      void fill
        .catch(() => undefined)
        .then((page) => {
          if (this.flights.get(key) === flight) this.flights.delete(key);
          land(page);
        });
    };
  }

  /**
   * Stores a page rendered from data read at `generation` (this.generation then), unless the cache was
   * emptied since. A page whose data changed meanwhile is kept only as a stale copy, and only where no
   * newer one is: it is still what a reader got, and it stands in if the next render fails.
   */
  async fill(key: string, generation: number, page: PageToCache): Promise<CachedPage | undefined> {
    const { path, contentType, body } = page;
    if (!this.enabled) return undefined;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (generation < this.cleared) return undefined;
    const outdated = page.tags.some((tag) => (this.changed.get(tag) ?? -1) > generation);
    if (outdated && (this.entries.get(key)?.readAt ?? -1) >= generation) return undefined;
    const hash = contentHash(body);
    const entry: CachedPage = {
      path,
      contentType,
      variants: {
        identity: { body, etag: `"${hash}"` },
        br: { body: br, etag: `"${hash}-br"` },
        gzip: { body: gz, etag: `"${hash}-gz"` },
      },
      expiresAt: outdated ? this.now() : Math.min(this.now() + this.options.ttlMs, page.expiresAt ?? Infinity),
      tags: page.tags,
      readAt: generation,
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A page was just read from the database: whatever outage there was is over.
    this.servedStale = new WeakSet();
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return outdated ? undefined : entry;
  }

  clear(): void {
    this.cleared = ++this.generation;
    this.entries.clear();
    // Renders under way started from the old data: nobody new should wait for them.
    this.flights.clear();
  }

  /**
   * Makes every page that shows one of `tags` a stale copy (rendered again on its next request, served
   * only if that fails), and keeps renders under way that read them from being stored.
   */
  invalidate(tags: string[]): void {
    if (tags.length === 0) return;
    const generation = ++this.generation;
    const touched = new Set(tags);
    for (const tag of touched) this.changed.set(tag, generation);
    const now = this.now();
    for (const entry of this.entries.values()) if (entry.tags.some((tag) => touched.has(tag))) entry.expiresAt = Math.min(entry.expiresAt, now);
    // Renders under way stay announced: which pages they show is known only when they end, and one that
    // read a changed tag stores nothing, so whoever waited for it renders the page again.
  }
}
