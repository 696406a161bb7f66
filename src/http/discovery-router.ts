import { Router } from 'express';
import type { AppContext } from './app-context.js';
import { articlePath, PATHS } from '../routes/paths.js';
import { robotsTxt } from '../seo/robots.js';
import { sitemapEntries, sitemapXml } from '../seo/sitemap.js';
import { newsFeedHandler } from './feed-handler.js';

/** What crawlers read first: robots.txt and the sitemap, both built from the route table; and the news feed. */
export function createDiscoveryRouter(ctx: AppContext): Router {
  const router = Router();
  const { config, repo, routes } = ctx;
  const robots = robotsTxt(config.site, routes.privatePrefixes, PATHS.sitemap, config.apiBasePath);
  const indexable = routes.prerendered.filter(({ route }) => route.indexable).map(({ path }) => path);

  router.get(PATHS.robots, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain; charset=utf-8').send(robots);
  });

  router.get(PATHS.sitemap, async (_req, res) => {
    const articles = await repo.summaries();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/xml; charset=utf-8').send(sitemapXml(config.site, sitemapEntries(indexable, PATHS.news, articles.map((article) => ({ path: articlePath(article), lastmod: article.data_atualizacao })))));
  });

  router.get(PATHS.newsFeed, newsFeedHandler(ctx));

  return router;
}
