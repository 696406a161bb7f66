import type { IncomingMessage } from 'node:http';
import type { Params } from 'react-router-dom';
import type { AppContext } from './app-context.js';
import { pageElement } from '../entry-server.js';
import { renderWhole } from '../ssr/render-whole.js';
import { isRendered, type PublicRoute } from '../routes/page-route.js';
import { freshResponse } from './fresh-response.js';
import type { PageToCache } from './page-cache.js';
import { cacheControl, cachedResponse, HTML, staleResponse } from './page-responses.js';
import type { Precomputed } from './precomputed.js';

export type PublicAnswer =
  /** `path` is the canonical URL (with its query): a request under another spelling is redirected there. */
  | { kind: 'page'; path: string; response: Precomputed }
  | { kind: 'redirect'; status: 301 | 302 | 303; location: string }
  | { kind: 'status'; status: 404 | 410 }
  | { kind: 'error'; error: unknown; storage: boolean };

export type PublicContext = Pick<AppContext, 'config' | 'repo' | 'logger' | 'assets' | 'memo' | 'bodies' | 'readings' | 'pageCache'>;

/**
 * What a reader's request for a public page gets: the page from the cache, from a render already
 * under way, or rendered now (and kept); the last page kept when the database could not be read for
 * it (stale, as no one could read it fresh); or why there is none. One function for Express and the fast
 * path, so both answer alike. The page is rendered whole (decision 013): the cache, Content-Length and
 * the strong ETag need the whole document.
 */
export async function publicAnswer(
  ctx: PublicContext,
  route: PublicRoute,
  params: Params,
  search: URLSearchParams,
  req: IncomingMessage,
): Promise<PublicAnswer> {
  const key = route.cacheKey(params, search);
  if (key === undefined) return (await render(ctx, route, params, search, req)).answer;
  const hit = await ctx.pageCache.lookup(key);
  if (hit) return { kind: 'page', path: hit.path, response: cachedResponse(hit, ctx.config) };
  const answer = await ctx.pageCache.singleFlight(key, () => render(ctx, route, params, search, req));
  if (answer.kind !== 'error' || !answer.storage) return answer;
  const stale = ctx.pageCache.stale(key);
  if (!stale) return answer;
  if (stale.first) ctx.logger.warn({ err: answer.error, key }, 'página servida da cópia vencida até o banco voltar: não foi possível montá-la de novo');
  return { kind: 'page', path: stale.page.path, response: staleResponse(stale.page) };
}

async function render(
  ctx: PublicContext,
  route: PublicRoute,
  params: Params,
  search: URLSearchParams,
  req: IncomingMessage,
): Promise<{ answer: PublicAnswer; page?: PageToCache }> {
  let loaded;
  try {
    loaded = await route.load({ deps: ctx, params, search });
  } catch (error) {
    return { answer: { kind: 'error', error, storage: true } };
  }
  if ('location' in loaded) return { answer: { kind: 'redirect', status: loaded.status, location: loaded.location } };
  if (!isRendered(loaded)) return { answer: { kind: 'status', status: loaded.status } };
  try {
    const meta = route.meta(ctx.config.site, loaded.data);
    const { Component } = route;
    const body = renderWhole(pageElement(ctx, meta, <Component data={loaded.data} />));
    const response = freshResponse(req, HTML, cacheControl(ctx.config), body);
    return { answer: { kind: 'page', path: meta.path, response }, page: { path: meta.path, contentType: HTML, body, tags: route.tags(loaded.data), expiresAt: route.expiresAt?.(loaded.data) } };
  } catch (error) {
    return { answer: { kind: 'error', error, storage: false } };
  }
}
