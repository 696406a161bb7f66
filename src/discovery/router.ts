import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';
import { newsFeedHandler } from '../news/feed-handler.js';
import { PATHS } from '../routes.js';
import { robotsTxt } from '../seo/robots.js';
import { sitemapEntries, sitemapXml } from '../seo/sitemap.js';

/** What crawlers read first: robots.txt and the sitemap, both built from the route table. */
export function createDiscoveryRouter(deps: AppDeps): Router {
  const router = Router();
  const { config, repo } = deps;

  router.get(PATHS.robots, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain; charset=utf-8').send(robotsTxt(config.site, config.apiBasePath));
  });

  router.get(PATHS.sitemap, async (_req, res) => {
    const articles = await repo.summaries();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/xml; charset=utf-8').send(sitemapXml(config.site, sitemapEntries(config.site, articles)));
  });

  router.get(PATHS.newsFeed, newsFeedHandler(deps));

  return router;
}
