import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '../http/accept-encoding.js';
import { contentHash } from '../http/precomputed.js';

export type { Encoding };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedPage {
  /** The canonical path of the page: a request for the same key under another spelling is redirected to it. */
  path: string;
  contentType: string;
  /** One strong ETag per byte sequence, as HTTP requires of strong validators. */
  variants: Record<Encoding, { body: Buffer; etag: string }>;
  expiresAt: number;
}

export interface PageCacheOptions {
  /** 0 turns the cache off (used by the benchmark to measure raw rendering). */
  maxEntries: number;
  /** Safety net for a missed change event (e.g. a dropped PostgreSQL LISTEN connection). */
  ttlMs: number;
  now?: () => number;
}

/**
 * Rendered documents per canonical URL, least recently used evicted first. The compressed variants are
 * made once per fill, off the request path, so a hit is only a Map lookup and a write.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly flights = new Map<string, Promise<CachedPage | undefined>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The render of `key` already under way, if any: after an invalidation, waiting for it beats a stampede of renders. */
  inFlight(key: string): Promise<CachedPage | undefined> | undefined {
    return this.flights.get(key);
  }

  /**
   * Announces that the caller renders `key` now. Call the returned function once, with the fill of the
   * rendered page, or with nothing when the render ended otherwise; requests waiting on inFlight()
   * then get the page (or undefined, and render it themselves).
   */
  takeOff(key: string): (fill?: Promise<CachedPage | undefined>) => void {
    if (!this.enabled || this.flights.has(key)) return () => undefined;
    let land: (page: CachedPage | undefined) => void = () => undefined;
    const flight = new Promise<CachedPage | undefined>((resolve) => (land = resolve));
    this.flights.set(key, flight);
    let landed = false;
    return (fill) => {
      if (landed) return;
      landed = true;
      void Promise.resolve(fill)
        .catch(() => undefined)
        .then((page) => {
          if (this.flights.get(key) === flight) this.flights.delete(key);
          land(page);
        });
    };
  }

  /** Taken before loading data: a fill that began before an invalidation must not be stored. */
  ticket(): number {
    return this.generation;
  }

  async fill(key: string, ticket: number, page: { path: string; contentType: string; body: Buffer }): Promise<CachedPage | undefined> {
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
    if (ticket !== this.generation) return undefined;
    const hash = contentHash(body);
    const entry: CachedPage = {
      path,
      contentType,
      variants: {
        identity: { body, etag: `"${hash}"` },
        br: { body: br, etag: `"${hash}-br"` },
        gzip: { body: gz, etag: `"${hash}-gz"` },
      },
      expiresAt: this.now() + this.options.ttlMs,
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return entry;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    // Renders under way started from the old data: nobody new should wait for them.
    this.flights.clear();
  }
}
