import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { PATHS } from '../routes.js';
import { articleHandler } from './article-handler.js';
import { newsListHandler } from './news-list-handler.js';
import { newsPageCache } from './news-cache.js';

/** The news pages, rendered on demand; the feed is mounted by the discovery router beside the sitemap. */
export function createNewsRouter(deps: AppDeps): Router {
  const cache = newsPageCache(deps);
  const router = Router();
  router.get(PATHS.news, newsListHandler(deps, cache));
  router.get([PATHS.articleShort, PATHS.article], articleHandler(deps, cache));
  return router;
}
