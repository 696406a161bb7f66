import type { AppDeps } from '../app-deps.js';
import type { ArticleRepository } from '../db/repository.js';
import { PageCache } from './page-cache.js';

/**
 * Short enough that a change event missed by this instance (a dropped PostgreSQL LISTEN connection)
 * shows up within a minute; long enough that a busy page is rendered about once a minute at most.
 */
export const SAFETY_NET_TTL_MS = 60_000;

/** Keys of the cache, shared by the news handlers and the fast path that reads what they stored. */
export const listCacheKey = (page: number) => `lista:${page}`;
export const articleCacheKey = (id: number) => `artigo:${id}`;

const caches = new WeakMap<ArticleRepository, PageCache>();

/** One cache per repository, shared by the pages and the feed, emptied on every article or image change. */
export function newsPageCache({ config, repo }: Pick<AppDeps, 'config' | 'repo'>): PageCache {
  let cache = caches.get(repo);
  if (!cache) {
    const created = new PageCache({ maxEntries: config.pageCache.maxEntries, ttlMs: SAFETY_NET_TTL_MS });
    repo.subscribe(() => created.clear());
    caches.set(repo, created);
    cache = created;
  }
  return cache;
}
