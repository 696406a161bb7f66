import type { IncomingMessage } from 'node:http';
import type { AppDeps } from '../app-deps.js';
import type { StoredArticle } from '../db/repository.js';
import type { Precomputed } from '../http/precomputed.js';
import type { ImageSet } from '../images/image-set.js';
import { readerVerdict, type ReaderVerdict } from '../workflow/reader-verdict.js';
import { articleView } from './article-view.js';
import { cachedResponse } from './http-cache.js';
import { articleCacheKey } from './news-cache.js';
import type { PageCache } from './page-cache.js';
import { renderView } from './serve-view.js';

export type ArticleAnswer =
  /** `path` is the canonical one: a request under another spelling is redirected there. */
  | { kind: 'page'; path: string; response: Precomputed }
  | { kind: 'not-found' }
  | { kind: 'gone' }
  | { kind: 'error'; error: unknown; storage: boolean };

/**
 * What a reader's request for article `id` gets: the page from the cache, from a render already under
 * way, or rendered now (and kept); or why there is none. One function for Express's handler and the
 * fast path, so both answer alike.
 */
export async function articleAnswer(
  deps: Pick<AppDeps, 'config' | 'repo' | 'assets' | 'logger'>,
  cache: PageCache,
  id: number,
  req: IncomingMessage,
): Promise<ArticleAnswer> {
  const key = articleCacheKey(id);
  const hit = cache.get(key) ?? (await cache.inFlight(key));
  if (hit) return { kind: 'page', path: hit.path, response: cachedResponse(hit, deps.config) };

  const land = cache.takeOff(key);
  const ticket = cache.ticket();
  let article: StoredArticle | null;
  let verdict: ReaderVerdict;
  let images: ImageSet[] = [];
  try {
    article = await deps.repo.get(id);
    verdict = await readerVerdict(deps.repo, id, article);
    if (article && verdict === 'visible') images = await deps.repo.imageSets([id]);
  } catch (error) {
    land();
    return { kind: 'error', error, storage: true };
  }
  if (!article || verdict !== 'visible') {
    land();
    return { kind: verdict === 'gone' ? 'gone' : 'not-found' };
  }
  try {
    const view = articleView(deps, article, images);
    return { kind: 'page', path: view.path, response: renderView(deps, req, view, { cache, key, ticket, land }) };
  } catch (error) {
    land();
    return { kind: 'error', error, storage: false };
  }
}
