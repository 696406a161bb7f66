import type { RequestHandler } from 'express';
import type { AppContext } from './app-context.js';
import { FEED_LINKS, PATHS } from '../routes/paths.js';
import { FEED_SIZE, renderNewsFeed } from '../seo/feed.js';
import { freshResponse } from './fresh-response.js';
import { cacheControl, sendCachedPage, sendPage } from './page-responses.js';
import { listingTags } from '../routes/cache-tags.js';

const RSS = 'application/rss+xml; charset=utf-8';
export const FEED_CACHE_KEY = 'feed';

/** GET /noticias/feed.xml: RSS 2.0 of the newest articles, cached and invalidated with the pages. */
export function newsFeedHandler(ctx: Pick<AppContext, 'config' | 'repo' | 'pageCache' | 'statusPages'>): RequestHandler {
  const { pageCache } = ctx;
  return async (req, res) => {
    const hit = await pageCache.lookup(FEED_CACHE_KEY);
    if (hit) return sendCachedPage(req, res, hit, ctx.config);
    try {
      const response = await pageCache.singleFlight(FEED_CACHE_KEY, async () => {
        const { items } = await ctx.repo.latest(1, FEED_SIZE);
        const images = await ctx.repo.imageSets(items.map((article) => article.id));
        const body = Buffer.from(renderNewsFeed(ctx.config.site, FEED_LINKS, items, images));
        return { answer: freshResponse(req, RSS, cacheControl(ctx.config), body), page: { path: PATHS.newsFeed, contentType: RSS, body, tags: listingTags(items) } };
      });
      sendPage(req, res, response);
    } catch (error) {
      await ctx.statusPages.sendServerError(req, res, error, { storage: true });
    }
  };
}
