import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { StoredArticle } from '../db/repository.js';
import { readerVerdict, type ReaderVerdict } from '../workflow/reader-verdict.js';
import { sendGone } from './gone.js';
import type { ImageSet } from '../images/image-set.js';
import { sendNotFound } from '../http/not-found.js';
import { parseArticleId } from './article-id.js';
import { articleView } from './article-view.js';
import { sendCachedPage } from './http-cache.js';
import { articleCacheKey } from './news-cache.js';
import type { PageCache } from './page-cache.js';
import { decodedPath, redirectPermanently, serveView } from './serve-view.js';
import { sendServerError } from './server-error.js';
import type { NewsView } from './view-types.js';

/**
 * GET /noticias/:id and /noticias/:id/:ano/:mes/:dia/:titulo. Only the id is read: any other spelling
 * of the date or the slug is redirected to the canonical URL, so old links keep working after an edit.
 */
export function articleHandler(deps: AppDeps, cache: PageCache): RequestHandler {
  return async (req, res) => {
    const id = parseArticleId(String(req.params.id));
    if (id === null) return sendNotFound(res, deps);

    const key = articleCacheKey(id);
    const hit = cache.get(key) ?? (await cache.inFlight(key));
    if (hit) {
      if (decodedPath(req) !== hit.path) return redirectPermanently(deps, res, hit.path);
      return sendCachedPage(req, res, hit, deps.config);
    }

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
      return sendServerError(deps, req, res, error, { storage: true });
    }
    if (!article || verdict !== 'visible') {
      land();
      return verdict === 'gone' ? sendGone(res, deps) : sendNotFound(res, deps);
    }

    let view: NewsView;
    try {
      view = articleView(deps, article, images);
    } catch (error) {
      land();
      return sendServerError(deps, req, res, error, { storage: false });
    }
    if (decodedPath(req) !== view.path) {
      // A redirect renders nothing: let the waiting requests render the page themselves.
      land();
      return redirectPermanently(deps, res, view.path);
    }
    serveView(deps, req, res, view, { cache, key, ticket, land });
  };
}
