import type { RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { FEED_SIZE, renderNewsFeed } from '../seo/feed.js';
import { PATHS } from '../routes.js';
import { cacheControl, sendCachedPage } from './http-cache.js';
import { newsPageCache } from './news-cache.js';
import { sendServerError } from './server-error.js';

const RSS = 'application/rss+xml; charset=utf-8';
const KEY = 'feed';

/** GET /noticias/feed.xml: RSS 2.0 of the newest articles, cached and invalidated with the pages. */
export function newsFeedHandler(deps: AppDeps): RequestHandler {
  const cache = newsPageCache(deps);
  return async (req, res) => {
    const hit = cache.get(KEY);
    if (hit) return sendCachedPage(req, res, hit, deps.config);

    const ticket = cache.ticket();
    let xml: string;
    try {
      const { items } = await deps.repo.latest(1, FEED_SIZE);
      const images = await deps.repo.imageSets(items.map((article) => article.id));
      xml = renderNewsFeed(deps.config.site, items, images);
    } catch (error) {
      return sendServerError(deps, req, res, error, { storage: true });
    }
    const body = Buffer.from(xml);
    const filled = await cache.fill(KEY, ticket, { path: PATHS.newsFeed, contentType: RSS, body });
    if (filled) return sendCachedPage(req, res, filled, deps.config);
    res.setHeader('Cache-Control', cacheControl(deps.config));
    res.type(RSS).send(body);
  };
}
