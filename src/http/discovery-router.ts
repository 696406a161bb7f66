import { Router, type Request, type Response } from 'express';
import { storageUnavailable } from '../db/storage-unavailable.js';
import type { AppContext } from './app-context.js';
import type { SitemapFile } from './sitemap-files.js';
import { PATHS } from '../routes/paths.js';
import { robotsTxt } from '../seo/robots.js';
import { authorFeedHandler, newsFeedHandler, topicFeedHandler } from './feed-handler.js';
import { calendarFeedHandler } from './calendar-feed-handler.js';

function sendXml(res: Response, file: SitemapFile, cacheControl = 'public, max-age=300'): void {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', file.etag);
  res.type('application/xml; charset=utf-8').send(file.body);
}

/**
 * A sitemap file, or its last built copy when building it failed because the database is away: crawlers
 * keep what they read before the outage. The copy goes out with a short Cache-Control, as stale pages do
 * (decision 017), and is logged once per address until a file is built again. Without a copy, an outage
 * answers 503 with Retry-After, as pages do.
 */
function sitemapAnswer(ctx: AppContext, build: (req: Request) => Promise<SitemapFile | null>) {
  const loggedStale = new Set<string>();
  return async (req: Request, res: Response, next: (error?: unknown) => void) => {
    try {
      const file = await build(req);
      loggedStale.clear();
      if (file === null) next();
      else sendXml(res, file);
    } catch (error) {
      const stale = ctx.sitemaps.stale(req.path);
      if (!stale || !(await storageUnavailable(ctx.repo, error))) return ctx.statusPages.sendServerError(req, res, error, { storage: true });
      if (!loggedStale.has(req.path)) ctx.logger.warn({ err: error, path: req.path }, 'sitemap servido da cópia vencida até o banco voltar: não foi possível montá-lo de novo');
      loggedStale.add(req.path);
      sendXml(res, stale, 'public, max-age=0, must-revalidate');
    }
  };
}

/** What crawlers read first: robots.txt and the sitemap, both built from the route table; and the news feed. */
export function createDiscoveryRouter(ctx: AppContext): Router {
  const router = Router();
  const { config, routes, sitemaps } = ctx;
  const robots = robotsTxt(config.site, routes.privatePrefixes, PATHS.sitemap, config.apiBasePath);

  router.get(PATHS.robots, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain; charset=utf-8').send(robots);
  });

  router.get(PATHS.sitemap, sitemapAnswer(ctx, () => sitemaps.index()));
  router.get(PATHS.sitemapPages, sitemapAnswer(ctx, () => sitemaps.pagesFile()));
  router.get(
    PATHS.sitemapNews,
    sitemapAnswer(ctx, (req) => {
      const part = String(req.params.parte);
      return /^[1-9]\d{0,5}$/.test(part) ? sitemaps.newsFile(Number(part)) : Promise.resolve(null);
    }),
  );

  router.get(PATHS.newsFeed, newsFeedHandler(ctx));
  router.get(PATHS.authorFeed, authorFeedHandler(ctx));
  router.get(PATHS.topicFeed, topicFeedHandler(ctx));
  router.get(PATHS.calendarFeed, calendarFeedHandler(ctx));

  return router;
}
