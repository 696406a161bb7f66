import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { sendNotFound } from '../http/not-found.js';
import { PATHS } from '../routes.js';
import { sendCachedPage, sendPage } from './http-cache.js';
import { listCacheKey } from './news-cache.js';
import { loadNewsListView } from './news-list-view.js';
import type { PageCache } from './page-cache.js';
import { PAGE_PARAM, newsPagePath, parsePageRequest } from './pagination.js';
import { redirectPermanently, renderView } from './serve-view.js';
import { sendServerError } from './server-error.js';

/** GET /noticias[?pagina=N] */
export function newsListHandler(deps: AppDeps, cache: PageCache): RequestHandler {
  return async (req, res) => {
    const request = parsePageRequest(req.query[PAGE_PARAM]);
    if (request.kind === 'not-found') return sendNotFound(res, deps);
    if (request.kind === 'redirect') return redirectPermanently(deps, res, request.location);
    // Express matches /NOTICIAS and /noticias/ too; each page has one URL.
    if (req.path !== PATHS.news) return redirectPermanently(deps, res, newsPagePath(request.page));

    const key = listCacheKey(request.page);
    const hit = cache.get(key) ?? (await cache.inFlight(key));
    if (hit) return sendCachedPage(req, res, hit, deps.config);

    const land = cache.takeOff(key);
    const ticket = cache.ticket();
    let view;
    try {
      view = await loadNewsListView(deps, request.page);
    } catch (error) {
      land();
      return sendServerError(deps, req, res, error, { storage: true });
    }
    if (!view) {
      land();
      return sendNotFound(res, deps);
    }
    let response;
    try {
      response = renderView(deps, req, view, { cache, key, ticket, land });
    } catch (error) {
      return sendServerError(deps, req, res, error, { storage: false });
    }
    sendPage(req, res, response);
  };
}
