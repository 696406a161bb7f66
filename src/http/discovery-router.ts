import { Router } from 'express';
import type { AppContext } from './app-context.js';
import type { SitemapFile } from './sitemap-files.js';
import type { Response } from 'express';
import { PATHS } from '../routes/paths.js';
import { robotsTxt } from '../seo/robots.js';
import { authorFeedHandler, newsFeedHandler, topicFeedHandler } from './feed-handler.js';

function sendXml(res: Response, file: SitemapFile): void {
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.setHeader('ETag', file.etag);
  res.type('application/xml; charset=utf-8').send(file.body);
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

  router.get(PATHS.sitemap, async (_req, res) => sendXml(res, await sitemaps.index()));
  router.get(PATHS.sitemapPages, async (_req, res) => sendXml(res, await sitemaps.pagesFile()));
  router.get(PATHS.sitemapNews, async (req, res, next) => {
    const file = /^[1-9]\d{0,5}$/.test(req.params.parte) ? await sitemaps.newsFile(Number(req.params.parte)) : null;
    if (file === null) next();
    else sendXml(res, file);
  });

  router.get(PATHS.newsFeed, newsFeedHandler(ctx));
  router.get(PATHS.authorFeed, authorFeedHandler(ctx));
  router.get(PATHS.topicFeed, topicFeedHandler(ctx));

  return router;
}
